//pass
//--blockDim=256 --gridDim=64
// expect: drf — MTGP32's state is the block's: every thread of block b draws from state[b] together (each draw synchronises the block), then writes its own number.
// cuRAND's MTGP32 generator, one state per block as its API prescribes.
#include <curand_kernel.h>
#include <curand_mtgp32_kernel.h>
__global__ void mtgpUniform(curandStateMtgp32 *state, float *out, int rounds)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    for (int r = 0; r < rounds; r++)
        out[r * gridDim.x * blockDim.x + id] = curand_uniform(&state[blockIdx.x]);
}
