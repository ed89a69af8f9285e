//pass
//--blockDim=256 --gridDim=64
// expect: drf — the state is copied to a local, drawn from, and stored back to states[id] by its own thread; hits[] is reduced in shared memory with barriers and block totals go to counts[blockIdx.x].
// Estimates pi by sampling the unit square: per-thread states, a local
// copy in the loop, a shared-memory reduction of the hit counts.
#include <curand_kernel.h>
#define BLOCK 256

__global__ void piHits(curandState *states, unsigned int *counts, int samples)
{
    __shared__ unsigned int hits[BLOCK];
    int id = blockIdx.x * BLOCK + threadIdx.x;
    curandState local = states[id];
    unsigned int inside = 0;
    for (int k = 0; k < samples; k++) {
        float x = curand_uniform(&local);
        float y = curand_uniform(&local);
        if (x * x + y * y <= 1.0f)
            inside++;
    }
    states[id] = local;
    hits[threadIdx.x] = inside;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            hits[threadIdx.x] += hits[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        counts[blockIdx.x] = hits[0];
}
