//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — local: thread 0's memset writes every bin while other threads' atomicAdd update them; the barrier after the clearing is missing.
// The same histogram without the barrier after memset.
__global__ void histogram64NoSync(const unsigned char *data, unsigned int *bins, int n)
{
    __shared__ unsigned int local[64];
    if (threadIdx.x == 0)
        memset(local, 0, sizeof local);
    // BUG: missing __syncthreads()
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i] % 64], 1u);
    __syncthreads();
    if (threadIdx.x < 64)
        atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}
