//pass
//--blockDim=256 --gridDim=64
// expect: drf — the round count is read at cnt[blockIdx.x * 8 + threadIdx.x / 32], one cell per warp that no thread writes, so all 32 lanes of a warp run the loop and its __syncwarp() calls equally often.
// Each warp runs its own number of neighbour-averaging rounds through shared memory, ordered by warp barriers.
__global__ void warpRounds(const int *cnt, float *data)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int lane = tid % 32;
    int warp = tid / 32;
    int gid = blockIdx.x * 256 + tid;
    int rounds = cnt[blockIdx.x * 8 + threadIdx.x / 32];
    float v = data[gid];
    for (int r = 0; r < rounds; r++) {
        s[tid] = v;
        __syncwarp();
        v = 0.5f * (v + s[warp * 32 + (lane + 1) % 32]);
        __syncwarp();
    }
    data[gid] = v;
}
