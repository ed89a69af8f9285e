//pass
//--blockDim=256 --gridDim=64
// expect: drf — LIMIT is 1 << 10 and every threadIdx.x of a 256-thread block is below it, so every thread of the block takes the branch holding the __syncthreads().
// Rotates each block's values by one warp width through a shared tile; threads at or above LIMIT would only pass through.
constexpr int TILE = 32;
const int LIMIT = 1 << 10;

__global__ void rotateByWarp(const float *in, float *out)
{
    __shared__ float s[1024];    // room for the largest block
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + tid;
    if (tid < LIMIT) {
        s[tid] = in[gid];
        __syncthreads();
        out[gid] = s[(tid + TILE) % blockDim.x];
    }
}
