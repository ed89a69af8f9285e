//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — u: thread 1 reads u.f[1] while thread 0 writes u.v[0] (u.f[0..3]), with no barrier.
// Load a tile as vectors, read it as scalars.
__global__ void vecThenScalar(const float4 *in, float *out)
{
    __shared__ union {
        float4 v[16];
        float f[64];
    } u;
    int t = threadIdx.x;
    if (t < 16)
        u.v[t] = in[t];
    out[t] = u.f[t] * 2.0f; // BUG: f[t] is part of v[t / 4]
}
