//pass
//--blockDim=256 --gridDim=64
// expect: drf — __syncthreads_count is reached by every thread, x is only read, and blockCounts[blockIdx.x] is written by thread 0 of each block.
// Count elements above a threshold per block with __syncthreads_count.
__global__ void countAbove(const float *x, int *blockCounts, float thr, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int pred = (i < n) && (x[i] > thr);
    int c = __syncthreads_count(pred);
    if (threadIdx.x == 0)
        blockCounts[blockIdx.x] = c;
}
