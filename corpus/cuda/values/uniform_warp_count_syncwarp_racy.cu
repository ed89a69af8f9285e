//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — the round count is read at cnt[blockIdx.x * 8 + threadIdx.x % 32], a different cell for each lane of a warp, so lanes run the loop a different number of times and some wait at a __syncwarp() the others never reach.
// uniform_warp_count_syncwarp.cu indexing the counts by lane instead of by warp.
__global__ void warpRounds(const int *cnt, float *data)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int lane = tid % 32;
    int warp = tid / 32;
    int gid = blockIdx.x * 256 + tid;
    int rounds = cnt[blockIdx.x * 8 + threadIdx.x % 32];
    float v = data[gid];
    for (int r = 0; r < rounds; r++) {
        s[tid] = v;
        __syncwarp();
        v = 0.5f * (v + s[warp * 32 + (lane + 1) % 32]);
        __syncwarp();
    }
    data[gid] = v;
}
