//pass
//--blockDim=256 --gridDim=64
// expect: drf — lut[threadIdx.x] is written by threads 0..15 only, the unconditional barrier follows, and afterwards lut is only read; y[i] is one cell per thread.
// 16-entry lookup table staged in shared memory by the first 16 threads.
__global__ void applyLookupTable(const float *table, const int *codes, float *y, int n)
{
    __shared__ float lut[16];

    if (threadIdx.x < 16)
        lut[threadIdx.x] = table[threadIdx.x];
    __syncthreads();

    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = lut[codes[i] & 15];
}
