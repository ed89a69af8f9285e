//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
// expect: racy — cycles: every thread of a block writes cycles[blockIdx.x], the guard on threadIdx.x being gone.
// A radix-2 butterfly step with the eighth-turn twiddle written with
// <math.h>'s M_SQRT1_2, 64-bit indices from <cstdint>, and the block's
// cycle count taken with clock(), as timing samples do.
#include <math.h>
#include <time.h>
#include <cstdint>

__global__ void rotateEighth(const float *in, float *out, std::int64_t *cycles)
{
    clock_t start = clock();
    std::int64_t g = (std::int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    float re = in[2 * g], im = in[2 * g + 1];
    out[2 * g] = (float)M_SQRT1_2 * (re + im);
    out[2 * g + 1] = (float)M_SQRT1_2 * (im - re);
    __syncthreads();
    // every thread records the count: the guard is missing
    cycles[blockIdx.x] = (std::int64_t)(clock() - start);
}
