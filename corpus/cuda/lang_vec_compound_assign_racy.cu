//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — acc: threads 2k and 2k+1 both read and write acc[k] through operator+= (a lost update).
// Pairs of particles add into one accumulator with a plain (non-atomic)
// vector +=.
__device__ __forceinline__ void operator+=(float3 &a, float3 b)
{
    a.x += b.x;
    a.y += b.y;
    a.z += b.z;
}

__global__ void accumulatePairs(float3 *acc, const float3 *force, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        acc[i / 2] += force[i];
}
