//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — out: every thread of a block writes the number it drew to out[blockIdx.x], and the numbers differ.
// MTGP32 draws are the block's, but what each thread does with its number is its own.
#include <curand_kernel.h>
#include <curand_mtgp32_kernel.h>
__global__ void mtgpOneCell(curandStateMtgp32 *state, float *out)
{
    out[blockIdx.x] = curand_uniform(&state[blockIdx.x]);
}
