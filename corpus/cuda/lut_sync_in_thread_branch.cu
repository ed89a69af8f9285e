//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — the __syncthreads() is inside if (threadIdx.x < 16): threads 0..15 reach it and threads 16..255 do not.
// Lookup-table staging with the barrier inside the loading branch.
__global__ void applyLookupTableSyncInIf(const float *table, const int *codes, float *y, int n)
{
    __shared__ float lut[16];

    if (threadIdx.x < 16) {
        lut[threadIdx.x] = table[threadIdx.x];
        __syncthreads();              // BUG: thread-dependent barrier
    }

    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = lut[codes[i] & 15];
}
