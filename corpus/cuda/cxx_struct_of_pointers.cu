//pass
//--blockDim=256 --gridDim=64
// expect: drf — the struct's pointers are arrays of their own: each thread of the grid-stride loop reads p.in[i] and writes p.out[i] for its own i.
// Kernel arguments bundled in a struct passed by value.
struct SaxpyArgs {
    const float *in;
    float *out;
    float a;
    int n;
};

__global__ void saxpyArgs(SaxpyArgs p)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < p.n; i += blockDim.x * gridDim.x)
        p.out[i] = p.a * p.in[i] + p.out[i];
}
