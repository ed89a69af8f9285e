//pass
//--blockDim=256 --gridDim=64
// expect: drf — thread id takes its digits j, i, k, b over out_w, out_h and channels (computed from the window parameters) and writes output[j + out_w*(i + out_h*(k + channels*b))], which is id itself: one cell per thread.
// A pooling layer's forward pass, one output per thread: the output index
// puts the digits of the thread's id back together.
__global__ void poolForward(int n, int in_h, int in_w, int channels, int stride, int size, int pad,
                            const float *input, float *output, int *argmax)
{
    int out_h = (in_h + pad - size) / stride + 1;
    int out_w = (in_w + pad - size) / stride + 1;
    int id = (blockIdx.x + blockIdx.y * gridDim.x) * blockDim.x + threadIdx.x;
    if (id >= n)
        return;
    int j = id % out_w;
    id /= out_w;
    int i = id % out_h;
    id /= out_h;
    int k = id % channels;
    id /= channels;
    int b = id;
    int out_index = j + out_w * (i + out_h * (k + channels * b));
    float best = -1e30f;
    int best_at = -1;
    for (int l = 0; l < size; ++l)
        for (int m = 0; m < size; ++m) {
            int y = i * stride + l - pad / 2;
            int x = j * stride + m - pad / 2;
            int at = x + in_w * (y + in_h * (k + b * channels));
            if (y >= 0 && y < in_h && x >= 0 && x < in_w && input[at] > best) {
                best = input[at];
                best_at = at;
            }
        }
    output[out_index] = best;
    argmax[out_index] = best_at;
}
