//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — particles: thread i reads particles[i + 1].pos[k] while thread i + 1 writes particles[i + 1].pos[k].
// Each particle is pulled toward its successor, updated in place.
struct Particle {
    float pos[3];
    float vel[3];
};

__global__ void pull(Particle *particles, float w, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 >= n)
        return;
    for (int k = 0; k < 3; k++)
        particles[i].pos[k] += w * (particles[i + 1].pos[k] - particles[i].pos[k]);
}
