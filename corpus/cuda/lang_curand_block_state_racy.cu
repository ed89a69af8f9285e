//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — states: all threads of a block draw from states[blockIdx.x], each curand_uniform reading and writing that one state.
// One state per block shared by its threads: the draws race on the state.
#include <curand_kernel.h>

__global__ void noisePerBlock(curandState *states, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] += curand_uniform(&states[blockIdx.x]);
}
