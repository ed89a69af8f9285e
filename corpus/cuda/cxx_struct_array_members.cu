//pass
//--blockDim=256 --gridDim=64
// expect: drf — thread i updates only particles[i].pos[k] and reads particles[i].vel[k] (k < 3): every access stays in its own element.
// Array of structs whose members are arrays (x, y, z as pos[3]).
struct Particle {
    float pos[3];
    float vel[3];
};

__global__ void advance(Particle *particles, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    for (int k = 0; k < 3; k++)
        particles[i].pos[k] += dt * particles[i].vel[k];
}
