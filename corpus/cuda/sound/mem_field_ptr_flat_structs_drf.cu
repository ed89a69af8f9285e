//pass
//--blockDim=64 --gridDim=1
// expect: drf — ps: f[3t + 1] is ps[t].y, the thread's own particle.
// Particles {x, y, z}: positions set per particle, a flat float clear.
struct P3 {
    float x, y, z;
};

__global__ void moveParticles(const float *dx, P3 *out)
{
    __shared__ P3 ps[64];
    int t = threadIdx.x;
    ps[t].x = dx[t];
    float *f = &ps[0].x;
    f[3 * t + 1] = 0.0f; // ps[t].y
    __syncthreads();
    out[t] = ps[t];
}
