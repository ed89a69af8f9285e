//pass
//--blockDim=128 --gridDim=8
// expect: drf — the block queue lives in shared memory, its counter is reset before a barrier, and atomicAdd_block hands out distinct slots.
#define QCAP 128

// Per-block queue in shared memory, flushed to global memory by the block.
__global__ void block_queue(const int *in, int *out, int n)
{
    __shared__ int q[QCAP];
    __shared__ unsigned int q_size;
    if (threadIdx.x == 0)
        q_size = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0) {
        unsigned int slot = atomicAdd_block(&q_size, 1u);
        q[slot] = in[i];
    }
    __syncthreads();
    if (threadIdx.x < q_size)
        out[blockIdx.x * QCAP + threadIdx.x] = q[threadIdx.x];
}
