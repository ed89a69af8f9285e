// expect: divergent — threads past n return before the barrier the others wait at.
__global__ void k(int *A, int n)
{
    __shared__ int s[128];
    if (threadIdx.x >= n)
        return;
    s[threadIdx.x] = A[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    A[blockIdx.x * blockDim.x + threadIdx.x] = s[n - 1 - threadIdx.x];
}
