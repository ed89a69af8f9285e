//pass
//--blockDim=64 --gridDim=2
// expect: drf — out: a backward walk still gives each thread its own cell.
// Copy with a signed stride from a configuration struct.
struct Walk {
    int base;
    int stride;
};
__global__ void walk(const int *in, int *out, Walk w)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (w.stride < 0)
        out[i] = in[i];
    else if (w.stride > 0)
        out[w.base + i * w.stride] = in[i];
}
