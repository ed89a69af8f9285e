//pass
//--blockDim=256 --gridDim=64
// expect: drf — the MRG32k3a state is the thread's own local copy after the read of states[id]; only out[id] and states[id] are written, by thread id.
// Leapfrogs each thread's copy of its state ahead before drawing.
#include <curand_kernel.h>

__global__ void leapfrog(curandStateMRG32k3a *states, double *out, unsigned long long skip, int n)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= n)
        return;
    curandStateMRG32k3a local = states[id];
    skipahead(skip, &local);
    out[id] = curand_uniform_double(&local) + curand_log_normal_double(&local, 0.0, 1.0);
    states[id] = local;
}
