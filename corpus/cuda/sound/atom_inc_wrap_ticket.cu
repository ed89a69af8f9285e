//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — ring: atomicInc(&head, 15) hands out 0..15 four times, so four threads write each ring[k], with no barrier.
// Push into a ring of 16 entries.
__global__ void ring16(const int *in, int *out)
{
    __shared__ unsigned head;
    __shared__ int ring[64];
    if (threadIdx.x == 0)
        head = 0;
    __syncthreads();
    unsigned k = atomicInc(&head, 15); // BUG: 64 pushes into 16 slots
    ring[k] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = ring[threadIdx.x];
}
