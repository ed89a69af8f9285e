// atomic* calls are atomic accesses; += and ++ read and write.
__global__ void hist(const int *data, int *bins, int n)
{
    __shared__ int local_bins[16];
    __shared__ int count;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x < 16)
        local_bins[threadIdx.x] = 0;
    __syncthreads();
    if (i < n)
        atomicAdd(&local_bins[data[i] % 16], 1);
    atomicAdd(&count, 1);
    __syncthreads();
    if (threadIdx.x < 16)
        bins[threadIdx.x] += local_bins[threadIdx.x];
    bins[16]++;
}
