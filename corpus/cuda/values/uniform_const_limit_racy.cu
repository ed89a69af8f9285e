//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — LIMIT is 1 << 7, so threads 128..255 of a 256-thread block skip the branch and its __syncthreads() while threads 0..127 wait at it.
// uniform_const_limit.cu with a LIMIT below the launch's block size: threads 128..255 only pass through.
constexpr int TILE = 32;
const int LIMIT = 1 << 7;

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
