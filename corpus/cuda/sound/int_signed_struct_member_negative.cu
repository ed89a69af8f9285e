//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — out: a negative stride in the parameter struct sends every thread to out[0].
// Copy with a signed stride from a configuration struct.
struct Walk {
    int base;
    int stride;
};
__global__ void walk(const int *in, int *out, Walk w)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (w.stride < 0)
        out[0] = in[i]; // BUG: a backward walk writes one cell from every thread
    else
        out[w.base + i * w.stride] = in[i];
}
