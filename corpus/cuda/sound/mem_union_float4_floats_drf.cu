//pass
//--blockDim=64 --gridDim=1
// expect: drf — u: the barrier separates the vector writes from the scalar reads.
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
    __syncthreads();
    out[t] = u.f[t] * 2.0f;
}
