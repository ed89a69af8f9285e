// expect: divergent — the second increment of i is skipped by thread 0 only (a continue under threadIdx.x == 0), so i differs between threads and so does the trip count.
__global__ void k(int *a, int n)
{
    __shared__ int s[64];
    int i = 0, j = n;
    while (i < j) {
        s[threadIdx.x] = i;
        __syncthreads();
        a[blockIdx.x * blockDim.x + threadIdx.x] = s[63 - threadIdx.x];
        __syncthreads();
        i++;
        if (threadIdx.x == 0)
            continue;
        i++;
    }
}
