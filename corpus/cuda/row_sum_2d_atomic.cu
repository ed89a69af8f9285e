//pass
//--blockDim=[32,8] --gridDim=[4,64]
// expect: drf — rowSum[ty] is zeroed by thread (0,ty) before a barrier, only updated with atomicAdd in the next interval, and read by (0,ty) after the second barrier; partial[row*gridDim.x+blockIdx.x] is one cell per (block, row).
// Row sums with a shared per-row accumulator updated atomically.
__global__ void rowSumsAtomic(const float *m, float *partial)
{
    __shared__ float rowSum[8];
    int tx = threadIdx.x, ty = threadIdx.y;
    int width = gridDim.x * blockDim.x;
    int row = blockIdx.y * blockDim.y + ty;
    int col = blockIdx.x * blockDim.x + tx;

    if (tx == 0)
        rowSum[ty] = 0.0f;
    __syncthreads();

    atomicAdd(&rowSum[ty], m[row * width + col]);
    __syncthreads();

    if (tx == 0)
        partial[row * gridDim.x + blockIdx.x] = rowSum[ty];
}
