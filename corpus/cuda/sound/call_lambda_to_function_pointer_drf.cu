//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: the lambda writes s[t], one cell per thread.
// An operation picked as a function pointer; the lambda is the one called.
__device__ void store_own(int *s, int t)
{
    s[t] = t;
}

__global__ void apply(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    void (*op)(int *, int) = [](int *p, int i) { p[i] = i; };
    op(s, t);
    __syncthreads();
    out[t] = s[t] + (int)(store_own != nullptr);
}
