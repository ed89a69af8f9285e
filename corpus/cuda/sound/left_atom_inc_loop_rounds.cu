//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — ring: two rounds of atomicInc(&head, 63) per thread make 128 draws from a counter that wraps after 64, so two threads write the same ring[k] with no barrier.
// Push one value per round into a ring of 64 entries.
__global__ void pushRounds(const int *in, int *out)
{
    __shared__ unsigned head;
    __shared__ int ring[64];
    if (threadIdx.x == 0)
        head = 0;
    __syncthreads();
    for (int r = 0; r < 2; r++) {
        unsigned slot = atomicInc(&head, 63); // BUG: 2 rounds of 64 threads need 128 slots
        ring[slot] = in[r * 64 + threadIdx.x];
    }
    __syncthreads();
    out[threadIdx.x] = ring[threadIdx.x];
}
