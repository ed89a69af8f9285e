//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — thread t's float4 covers floats 4t..4t+3, and the scalar write f[4t + 68] lands in the float4 of thread t + 17 (a race); reusing the vector index as a float index finds no conflict, so the cast must rescale or make the access unknown.
// A float4 view of a float array (a cast to a larger element size).
__global__ void vectors(float *out)
{
    __shared__ __align__(16) float f[4 * 64 + 4];
    float4 *v = reinterpret_cast<float4 *>(f);
    v[threadIdx.x] = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
    if (threadIdx.x < 47)
        f[4 * threadIdx.x + 68] = 0.0f;
    __syncthreads();
    out[threadIdx.x] = f[threadIdx.x];
}
