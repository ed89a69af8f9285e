//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[4,4]
// expect: racy — As (and Bs): the write As[ty][tx] of tile step t+1 races with another thread's read As[ty][k] of step t, because the barrier after the inner product is missing.
// Tiled matrix multiply with the second __syncthreads() forgotten: a fast
// thread starts overwriting the tiles while slower ones are still reading.
#define TILE 16

__global__ void matmulTiledNoSecondSync(const float *A, const float *B, float *C, int n)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;

    for (int t = 0; t < (n + TILE - 1) / TILE; ++t) {
        int aCol = t * TILE + tx;
        int bRow = t * TILE + ty;
        As[ty][tx] = (row < n && aCol < n) ? A[row * n + aCol] : 0.0f;
        Bs[ty][tx] = (bRow < n && col < n) ? B[bRow * n + col] : 0.0f;
        __syncthreads();

        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
        // BUG: missing __syncthreads() before the next tile is loaded
    }

    if (row < n && col < n)
        C[row * n + col] = acc;
}
