//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: racy — shPos: a thread's write shPos[threadIdx.x] for tile t+1 races with another thread's read shPos[j] for tile t, because the barrier ending each tile step is missing.
// N-body tile loop without the second barrier.
#define BLOCK 256
#define SOFTENING2 1e-4f

__device__ float3 bodyBodyInteraction(float4 bi, float4 bj, float3 ai)
{
    float3 r = make_float3(bj.x - bi.x, bj.y - bi.y, bj.z - bi.z);
    float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + SOFTENING2;
    float invDist = rsqrtf(distSqr);
    float s = bj.w * invDist * invDist * invDist;
    ai.x += r.x * s;
    ai.y += r.y * s;
    ai.z += r.z * s;
    return ai;
}

__global__ void calculateForcesNoSync(const float4 *pos, float4 *accel, int numTiles)
{
    __shared__ float4 shPos[BLOCK];
    int gtid = blockIdx.x * blockDim.x + threadIdx.x;
    float4 myPos = pos[gtid];
    float3 acc = make_float3(0.0f, 0.0f, 0.0f);

    for (int tile = 0; tile < numTiles; tile++) {
        shPos[threadIdx.x] = pos[tile * blockDim.x + threadIdx.x];
        __syncthreads();
        for (int j = 0; j < BLOCK; j++)
            acc = bodyBodyInteraction(myPos, shPos[j], acc);
        // BUG: missing __syncthreads()
    }

    accel[gtid] = make_float4(acc.x, acc.y, acc.z, 0.0f);
}
