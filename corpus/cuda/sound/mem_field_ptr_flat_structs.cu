//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — ps: thread 3 writes f[3], which is ps[1].x, while thread 1 writes ps[1].x, with no barrier.
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
    f[t] = 0.0f; // BUG: float t of the array is ps[t / 3], not ps[t].x
    __syncthreads();
    out[t] = ps[t];
}
