//pass
//--blockDim=64 --gridDim=1
// expect: drf — atomicInc(&head, 63) drawn once by each of 64 threads never wraps: the slots are distinct

__global__ void push_once(const int *in, int *out)
{
    __shared__ unsigned head;
    __shared__ int ring[64];
    if (threadIdx.x == 0)
        head = 0;
    __syncthreads();
    ring[atomicInc(&head, 63)] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = ring[threadIdx.x];
}
