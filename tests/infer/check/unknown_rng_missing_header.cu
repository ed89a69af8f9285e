// expect: unknown — RngState comes from a header that is missing, so clang cannot type it: rng_next() receives a pointer into the shared state every thread uses, and what it writes there is not followed.
#include "my_rng.h"

__global__ void k(float *out)
{
    __shared__ RngState st[1];
    out[blockIdx.x * blockDim.x + threadIdx.x] = rng_next(&st[0]);
}
