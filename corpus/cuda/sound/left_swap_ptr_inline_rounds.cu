//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — u, v: round r + 1 writes the buffer round r read, with no barrier between: thread t writes cell t of it while thread t - 1 may still read cell t there.
// Jacobi rounds between two shared buffers exchanged in place, as many as the caller asks.
__global__ void relax(float *io, int rounds)
{
    __shared__ float u[65], v[65];
    int t = threadIdx.x;
    u[t] = io[t];
    if (t == 0)
        u[64] = v[64] = 0.0f;
    __syncthreads();
    float *src = u, *dst = v;
    for (int r = 0; r < rounds; r++) {
        dst[t] = 0.5f * (src[t] + src[t + 1]);
        float *keep = src; // BUG: no barrier before the buffers change roles
        src = dst;
        dst = keep;
    }
    __syncthreads();
    io[t] = u[t] + v[t];
}
