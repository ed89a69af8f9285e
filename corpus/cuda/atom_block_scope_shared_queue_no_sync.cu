//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — q_size: thread 0 resets the counter with no barrier before the other threads' atomicAdd_block on it.
#define QCAP 128

// Per-block queue whose counter reset is not followed by a barrier.
__global__ void block_queue_early(const int *in, int *out, int n)
{
    __shared__ int q[QCAP];
    __shared__ unsigned int q_size;
    if (threadIdx.x == 0)
        q_size = 0;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0) {
        unsigned int slot = atomicAdd_block(&q_size, 1u);
        q[slot] = in[i];
    }
    __syncthreads();
    if (threadIdx.x < q_size)
        out[blockIdx.x * QCAP + threadIdx.x] = q[threadIdx.x];
}
