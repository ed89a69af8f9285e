// expect: racy — zero() passes its reference on to set(), which writes 0 through it: v is 0 after the call in every thread, and all write s[0].
__device__ void set(int &r, int x) { r = x; }
__device__ void zero(int &r) { set(r, 0); }

__global__ void k(int *A)
{
    __shared__ int s[256];
    int v = threadIdx.x;
    zero(v);
    s[v] = threadIdx.x; // each thread its own value: not a benign same-value write
}
