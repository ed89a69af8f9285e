//pass
//--blockDim=256 --gridDim=64
// expect: drf — acc[i] += f is a read and a write of the thread's own element acc[i] through the reference parameter of operator+=.
// Accumulates per-particle forces with a float3 operator+= taking a
// reference, as vector helper headers define it.
__device__ __forceinline__ void operator+=(float3 &a, float3 b)
{
    a.x += b.x;
    a.y += b.y;
    a.z += b.z;
}

__global__ void accumulateForces(float3 *acc, const float3 *force, int n, int steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    for (int s = 0; s < steps; s++)
        acc[i] += force[s * n + i];
}
