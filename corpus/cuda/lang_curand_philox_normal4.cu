//pass
//--blockDim=256 --gridDim=64
// expect: drf — each thread initialises, draws from and stores back only states[id]; out[id] is its own float4.
// Four normal variates per call from a Philox generator.
#include <curand_kernel.h>

__global__ void gaussian4(curandStatePhilox4_32_10_t *states, float4 *out, unsigned long long seed, int n)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= n)
        return;
    curand_init(seed, id, 0, &states[id]);
    float4 g = curand_normal4(&states[id]);
    out[id] = g;
}
