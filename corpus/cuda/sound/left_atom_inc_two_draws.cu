//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — ring: two atomicInc(&head, 63) per thread make 128 draws from a counter that wraps after 64, so two threads write the same ring[k] with no barrier.
// Push two values per thread into a ring of 64 entries.
__global__ void pushTwo(const int *in, int *out)
{
    __shared__ unsigned head;
    __shared__ int ring[64];
    if (threadIdx.x == 0)
        head = 0;
    __syncthreads();
    unsigned a = atomicInc(&head, 63);
    ring[a] = in[threadIdx.x];
    unsigned b = atomicInc(&head, 63); // BUG: the second draw wraps
    ring[b] = in[64 + threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = ring[threadIdx.x];
}
