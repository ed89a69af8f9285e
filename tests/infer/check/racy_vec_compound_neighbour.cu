// expect: racy — helper_math.h is missing; acc[i + 1] += v (its operator+=) reads and writes the element thread i + 1 also updates.
#include "helper_math.h"

__global__ void smear(float2 *acc, const float2 *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n) {
        acc[i] += v[i];
        acc[i + 1] += 0.5f * v[i];
    }
}
