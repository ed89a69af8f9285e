//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — every thread draws from the one generator state states[0], and drawing updates the state (a race); the state's type comes from a header the front end lacks, so the call must make the kernel unknown, not race-free.
// A random-number generator's state of a type from a header the front end does not have.
#include <curand_kernel.h>
__global__ void sharedGenerator(curandStateSobol32_t *states, unsigned *out)
{
    out[blockIdx.x * blockDim.x + threadIdx.x] = curand(&states[0]);
}
