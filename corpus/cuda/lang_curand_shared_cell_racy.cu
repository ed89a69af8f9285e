//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — state: every thread of the grid calls curand(state) on the one state the pointer names (state[0]).
// A single generator for the whole grid: the classic misuse of cuRAND's
// device API.
#include <curand_kernel.h>

__global__ void randomKeys(curandStateMRG32k3a *state, unsigned int *keys, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        keys[i] = curand(state);
}
