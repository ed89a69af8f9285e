// expect: racy — besides the divergence (threads past n return before the barrier), block 1's thread 0 reads A[0], which block 0's thread 0 writes after the barrier: no barrier of a block orders two blocks.
__global__ void k(int *A, int n)
{
    __shared__ int s[128];
    if (threadIdx.x >= n)
        return;
    s[threadIdx.x] = A[threadIdx.x];
    __syncthreads();
    A[blockIdx.x * blockDim.x + threadIdx.x] = s[n - 1 - threadIdx.x];
}
