//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — s: retarget() moves the view's pointer through its address to the start of the array, so every thread writes s[threadIdx.x % 4] after it; without the store through &v.p, v.p keeps each thread's own slot.
// A local struct's pointer member written through its address.
struct View { int *p; };

__device__ void retarget(int **where, int *to) { *where = to; }

__global__ void memberThroughPointer(int *out)
{
    __shared__ int s[64];
    View v{s + threadIdx.x};
    retarget(&v.p, s);
    v.p[threadIdx.x % 4] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
