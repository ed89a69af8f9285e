//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — atomicInc(&head, 63) in a loop of two: 128 draws from a counter that wraps after 64, so two threads write one ring[k]

__global__ void push_rounds(const int *in, int *out)
{
    __shared__ unsigned head;
    __shared__ int ring[64];
    if (threadIdx.x == 0)
        head = 0;
    __syncthreads();
    for (int r = 0; r < 2; r++) {
        unsigned k = atomicInc(&head, 63);
        ring[k] = in[r * 64 + threadIdx.x];
    }
    __syncthreads();
    out[threadIdx.x] = ring[threadIdx.x];
}
