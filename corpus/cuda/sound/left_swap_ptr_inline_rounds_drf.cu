//pass
//--blockDim=64 --gridDim=1
// expect: drf — u, v: a barrier ends every round, so a buffer is written only after every read of it in the round before.
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
        __syncthreads();
        float *keep = src;
        src = dst;
        dst = keep;
    }
    io[t] = u[t] + v[t];
}
