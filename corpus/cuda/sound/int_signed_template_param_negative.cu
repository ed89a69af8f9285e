//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — out: a template's int may be negative, and a negative SHIFT makes every thread write out[0].
// A shift fixed at compile time; no instance is written here, so any int is one.
template <int SHIFT>
__global__ void shifted(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (SHIFT < 0)
        out[0] = in[i]; // BUG: every thread writes out[0]
    else
        out[i] = in[i + SHIFT];
}
