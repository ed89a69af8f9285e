//pass
//--blockDim=256 --gridDim=64
// expect: drf — thread i reads and writes only the struct p[i] (whole-struct copies and p[i].vel.y), i = blockIdx.x*blockDim.x+threadIdx.x; threads i >= n return before touching memory.
// Explicit Euler step over an array of structs.
struct Particle {
    float3 pos;
    float3 vel;
    float mass;
};

__global__ void integrateParticles(Particle *p, int n, float dt, float3 gravity)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;

    Particle q = p[i];
    q.vel.x += gravity.x * dt;
    q.vel.y += gravity.y * dt;
    q.vel.z += gravity.z * dt;
    q.pos.x += q.vel.x * dt;
    q.pos.y += q.vel.y * dt;
    q.pos.z += q.vel.z * dt;
    p[i] = q;

    if (p[i].pos.y < 0.0f) {          // bounce off the floor
        p[i].pos.y = 0.0f;
        p[i].vel.y = -0.5f * p[i].vel.y;
    }
}
