//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — only the threads below n draw from the block's MTGP32 state, but each draw synchronises the whole block: a thread past n never reaches it.
// The MTGP32 draw under a per-thread guard.
#include <curand_kernel.h>
#include <curand_mtgp32_kernel.h>
__global__ void mtgpGuarded(curandStateMtgp32 *state, float *out, int n)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id < n)
        out[id] = curand_uniform(&state[blockIdx.x]);
}
