//pass
//--blockDim=256 --gridDim=64
// expect: drf — each thread reads x[i] and y[i] and writes out[i], one float3 per thread behind the i < n guard.
// a * x + y on float3 vectors, with the small vector operators that
// projects write next to their kernels.
__device__ __forceinline__ float3 operator+(float3 a, float3 b)
{
    return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}

__device__ __forceinline__ float3 operator*(float s, float3 v)
{
    return make_float3(s * v.x, s * v.y, s * v.z);
}

__global__ void axpy3(float a, const float3 *x, const float3 *y, float3 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = a * x[i] + y[i];
}
