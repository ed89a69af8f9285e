// expect: divergent — only threads below 16 reach the barrier.
__global__ void k(int *A)
{
    if (threadIdx.x < 16)
        __syncthreads();
    A[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}
