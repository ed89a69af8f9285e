//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — output[j + out_h*(i + out_w*(k + channels*b))] weighs the row by out_h although the column j runs to out_w: with out_w > out_h, (j = out_h, i = 0) and (j = 0, i = 1) write one cell.
// A pooling layer's forward pass whose output index swaps the two
// spatial sizes (given here, not computed from the window as in the DRF
// twin: the solver finds the colliding threads at once).
__global__ void poolForwardRacy(int n, int in_h, int in_w, int channels, int out_h, int out_w, int stride, int size, int pad,
                                const float *input, float *output)
{
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
    float best = -1e30f;
    for (int l = 0; l < size; ++l)
        for (int m = 0; m < size; ++m) {
            int y = i * stride + l - pad / 2;
            int x = j * stride + m - pad / 2;
            if (y >= 0 && y < in_h && x >= 0 && x < in_w)
                best = fmaxf(best, input[x + in_w * (y + in_h * (k + b * channels))]);
        }
    output[j + out_h * (i + out_w * (k + channels * b))] = best;
}
