//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[4,64]
// expect: racy — rowSum: threads (tx=0,ty) and (tx=1,ty) both do the non-atomic rowSum[threadIdx.y] += ... on the same cell.
// Row sums of a matrix whose width is 32 * gridDim.x: each row of a 32x8
// block adds its 32 elements into a shared per-row accumulator.
__global__ void rowSumsPlain(const float *m, float *partial)
{
    __shared__ float rowSum[8];
    int tx = threadIdx.x, ty = threadIdx.y;
    int width = gridDim.x * blockDim.x;
    int row = blockIdx.y * blockDim.y + ty;
    int col = blockIdx.x * blockDim.x + tx;

    if (tx == 0)
        rowSum[ty] = 0.0f;
    __syncthreads();

    rowSum[ty] += m[row * width + col];   // BUG: 32 threads per cell
    __syncthreads();

    if (tx == 0)
        partial[row * gridDim.x + blockIdx.x] = rowSum[ty];
}
