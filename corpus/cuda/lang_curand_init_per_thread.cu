//pass
//--blockDim=256 --gridDim=64
// expect: drf — curand_init writes only states[id], the thread's own state.
// One generator state per thread, seeded with the thread's sequence
// number (cuRAND device API documentation, "Device API Overview").
#include <curand_kernel.h>

__global__ void setupStates(curandState *states, unsigned long long seed)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curand_init(seed, id, 0, &states[id]);
}
