//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — a helper with atomicInc(&head, 63) called twice: 128 draws from a counter that wraps after 64

__device__ unsigned take(unsigned *head)
{
    return atomicInc(head, 63);
}

__global__ void push_twice(const int *in, int *out)
{
    __shared__ unsigned head;
    __shared__ int ring[64];
    if (threadIdx.x == 0)
        head = 0;
    __syncthreads();
    ring[take(&head)] = in[threadIdx.x];
    ring[take(&head)] = in[64 + threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = ring[threadIdx.x];
}
