//pass
//--blockDim=256 --gridDim=8
// expect: drf — the counter moves by 2 or 1 depending on tile[0], a value every thread reads alike after the barrier, so the trip count is the block's.
// Run-length style scan: a block walks rows of a matrix, skipping the row after
// an empty one (its first element 0).
__global__ void walkRows(const int *m, int rows, int *rowSum)
{
    __shared__ int tile[256];
    int t = threadIdx.x;
    for (int r = 0; r < rows;) {
        tile[t] = m[(blockIdx.x * rows + r) * 256 + t];
        __syncthreads();
        if (t == 0)
            rowSum[blockIdx.x * rows + r] = tile[0] + tile[255];
        if (tile[0] == 0)
            r += 2;
        else
            r++;
        __syncthreads();
    }
}
