//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — the count of steps is computed by a loop that starts at threadIdx.x, so threads of one block get different counts and disagree on the barriers of the loop that uses it.
// A loop bound computed by an earlier loop over a per-thread value.
__global__ void perThreadLevels(int *data)
{
    __shared__ int s[256];
    int levels = 0;
    for (unsigned v = threadIdx.x + 1; v > 1; v >>= 1)
        levels++;
    s[threadIdx.x] = data[blockIdx.x * 256 + threadIdx.x];
    __syncthreads();
    for (int l = 0; l < levels; l++) {
        int x = s[threadIdx.x];
        __syncthreads();
        s[(threadIdx.x + 1) % 256] = x;
        __syncthreads();
    }
    data[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x];
}
