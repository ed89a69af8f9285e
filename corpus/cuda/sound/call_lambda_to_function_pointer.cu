//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: the lambda called through op writes s[0] in every thread.
// An operation picked as a function pointer; the lambda is the one called.
__device__ void store_own(int *s, int t)
{
    s[t] = t;
}

__global__ void apply(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    void (*op)(int *, int) = [](int *p, int i) { p[0] = i; }; // BUG: every thread writes p[0]
    op(s, t);
    __syncthreads();
    out[t] = s[t] + (int)(store_own != nullptr);
}
