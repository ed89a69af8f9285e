//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — when the if chooses tmp, every block writes tmp[i]: blocks race on tmp.
// cxx_pointer_chosen_by_if.cu with the scratch buffer not offset by block.
__global__ void apply_window(float *window, float *tmp, const float *w, int len, float emph)
{
    for (int i = threadIdx.x; i < len; i += blockDim.x) {
        float *out = window + blockIdx.x * len;
        float mul = 1.0f;
        if (emph == 0.0f) {
            mul = w[i];
        } else {
            out = tmp;
        }
        float v = window[blockIdx.x * len + i];
        out[i] = v * mul;
    }
}
