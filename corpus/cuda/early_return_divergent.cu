//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — threads 250..255 of each block return early, so they never reach the __syncthreads() that threads 0..249 wait at.
// Normalise each 250-element row by its first element, one row per block
// of 256 threads; the surplus threads return before the barrier.
#define ROW_LEN 250

__global__ void rowNormalize(float *m)
{
    __shared__ float row[ROW_LEN];
    int c = threadIdx.x;
    if (c >= ROW_LEN)                 // BUG: return before a barrier
        return;

    row[c] = m[blockIdx.x * ROW_LEN + c];
    __syncthreads();
    m[blockIdx.x * ROW_LEN + c] = row[c] / row[0];
}
