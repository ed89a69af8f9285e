//pass
//--blockDim=128 --gridDim=4
// expect: drf — the trip count is __syncthreads_count of the active threads, the same in every thread of the block, so the rounds and their barriers are uniform.
// One round of pairwise exchange per active thread of the block.
__global__ void exchangeRounds(const int *active, int *data)
{
    __shared__ int buf[128];
    int tid = threadIdx.x;
    int g = blockIdx.x * blockDim.x + tid;
    int rounds = __syncthreads_count(active[g] != 0);
    for (int r = 0; r < rounds; r++) {
        buf[tid] = data[g] + r;
        __syncthreads();
        data[g] = buf[blockDim.x - 1 - tid];
        __syncthreads();
    }
}
