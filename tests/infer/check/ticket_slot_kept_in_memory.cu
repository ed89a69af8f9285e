// expect: drf — each thread's slot is a ticket of 1 from the global counter; thread 0 also reserves a block's range with atomicAdd(&counter, n) whose old value it keeps in shared memory (no local holds it): that draw still moves the counter up, so the slots stay distinct, through a cast of the volatile counter too.
__global__ void spill(volatile unsigned int *queue, volatile unsigned int *queue_len, const unsigned *items,
                      const unsigned *counts)
{
    volatile __shared__ unsigned int b_offset[1];
    unsigned int item = items[blockIdx.x * blockDim.x + threadIdx.x];
    if (item & 1) {
        int off = atomicAdd((unsigned int *)queue_len, 1);
        queue[off] = item;
    }
    if (threadIdx.x == 0)
        b_offset[0] = atomicAdd((unsigned int *)queue_len, counts[blockIdx.x]);
}
