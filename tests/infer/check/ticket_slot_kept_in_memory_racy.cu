// expect: racy — the twin of ticket_slot_kept_in_memory: thread 0's draw, kept in shared memory, is an atomicSub, which moves the counter back, so two threads may draw the same slot.
__global__ void spill_back(volatile unsigned int *queue, volatile unsigned int *queue_len, const unsigned *items,
                           const unsigned *counts)
{
    volatile __shared__ unsigned int b_offset[1];
    unsigned int item = items[blockIdx.x * blockDim.x + threadIdx.x];
    if (item & 1) {
        int off = atomicAdd((unsigned int *)queue_len, 1);
        queue[off] = item;
    }
    if (threadIdx.x == 0)
        b_offset[0] = atomicSub((unsigned int *)queue_len, counts[blockIdx.x]);
}
