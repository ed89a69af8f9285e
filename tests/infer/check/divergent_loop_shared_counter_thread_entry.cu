// expect: divergent — i and j change alike in every thread, but i starts at threadIdx.x % 2, so threads run different numbers of iterations and of barriers.
__global__ void k(int *a, int n)
{
    __shared__ int s[64];
    int i = threadIdx.x % 2, j = n;
    while (i < j) {
        s[threadIdx.x] = i;
        __syncthreads();
        a[blockIdx.x * blockDim.x + threadIdx.x] = s[63 - threadIdx.x];
        __syncthreads();
        i++;
        j--;
    }
}
