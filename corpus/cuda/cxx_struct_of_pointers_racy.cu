//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — p.out: thread i writes p.out[i + 1] and thread i + 1 writes p.out[i + 1] too (a shifted copy in place).
// A struct of pointers handed to a helper; the helper writes one cell ahead.
struct Buffers {
    float *out;
    int n;
};

__device__ void smooth(Buffers b, int i)
{
    if (i + 1 < b.n) {
        b.out[i + 1] = 0.5f * b.out[i + 1];
        b.out[i] = 0.5f * b.out[i];
    }
}

__global__ void smoothAll(Buffers b)
{
    smooth(b, blockIdx.x * blockDim.x + threadIdx.x);
}
