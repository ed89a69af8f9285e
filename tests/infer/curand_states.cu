// curand calls read and write the state they are handed; curand_init
// only writes it; a local copy is the thread's own (issue 15, item 4).
#include <curand_kernel.h>

__global__ void draw(curandState *states, curandStateSobol32_t *sobol, float *out, unsigned long long seed)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    curand_init(seed, i, 0, &states[i]);
    curandState local = states[i];
    float a = curand_uniform(&local);
    float b = curand_normal(&states[i]);
    unsigned int c = curand(&sobol[blockIdx.x]);
    out[i] = a + b + c;
}
