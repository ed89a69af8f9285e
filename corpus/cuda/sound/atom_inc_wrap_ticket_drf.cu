//pass
//--blockDim=64 --gridDim=1
// expect: drf — ring: atomicInc(&head, 63) from 0 hands out 0..63 to the 64 threads before it would wrap: distinct.
// Push into a ring of 64 entries.
__global__ void ring16(const int *in, int *out)
{
    __shared__ unsigned head;
    __shared__ int ring[64];
    if (threadIdx.x == 0)
        head = 0;
    __syncthreads();
    unsigned k = atomicInc(&head, 63);
    ring[k] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = ring[threadIdx.x];
}
