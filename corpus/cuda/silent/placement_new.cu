//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — placement new constructs a Cell in s[threadIdx.x / 2], so threads 2k and 2k + 1 both write that cell (a race); a front end that does not follow the construction must not call it race-free.
// Placement new into shared memory.
#include <new>
struct Cell {
    int owner;
};

__global__ void construct(int *out)
{
    __shared__ Cell s[32];
    new (&s[threadIdx.x / 2]) Cell{(int)threadIdx.x};
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x / 2].owner;
}
