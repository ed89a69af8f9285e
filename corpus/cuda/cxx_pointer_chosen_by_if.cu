//pass
//--blockDim=256 --gridDim=64
// expect: drf — out is window or tmp as an if chooses, the rest of the iteration then runs once per choice; either way each thread writes its own cell.
// A windowing step that writes in place or to a scratch buffer.
__global__ void apply_window(float *window, float *tmp, const float *w, int len, float emph)
{
    for (int i = threadIdx.x; i < len; i += blockDim.x) {
        float *out = window;
        float mul = 1.0f;
        if (emph == 0.0f) {
            mul = w[i];
        } else {
            out = tmp;
        }
        float v = window[blockIdx.x * len + i];
        out[blockIdx.x * len + i] = v * mul;
    }
}
