//pass
//--blockDim=256 --gridDim=64
// expect: drf — thread 0 clears all 64 bins with memset, a barrier separates it from the atomicAdd updates, and another from the per-bin copy-out by threads t < 64.
// Privatised histogram whose bins are cleared with memset.
__global__ void histogram64(const unsigned char *data, unsigned int *bins, int n)
{
    __shared__ unsigned int local[64];
    if (threadIdx.x == 0)
        memset(local, 0, sizeof local);
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i] % 64], 1u);
    __syncthreads();
    if (threadIdx.x < 64)
        atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}
