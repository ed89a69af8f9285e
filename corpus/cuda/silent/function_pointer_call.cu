//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — the helper called through a function pointer writes s[i / 2], the same cell for threads 2k and 2k + 1 (a race); a front end that cannot follow the pointer must not call it race-free.
// A call through a pointer to a __device__ function.
__device__ void halve(int *s, int i) { s[i / 2] = i; }
__device__ void same(int *s, int i) { s[i] = i; }

__global__ void viaPointer(int *out, int pick)
{
    __shared__ int s[64];
    void (*op)(int *, int) = pick ? halve : same;
    op(s, threadIdx.x);
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
