//pass
//--blockDim=[16,16] --gridDim=[4,4]
// expect: drf — each thread writes only As[ty][tx] and Bs[ty][tx], reads of the tiles sit between the two barriers of each tile step, and C[row*n+col] is guarded so it is one cell per thread.
// Tiled square matrix multiply C = A * B (n x n, row-major), the classic
// shared-memory version: each block computes one TILE x TILE tile of C.
#define TILE 16

__global__ void matmulTiled(const float *A, const float *B, float *C, int n)
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
        __syncthreads();               // tiles are complete

        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();               // everyone is done with the tiles
    }

    if (row < n && col < n)
        C[row * n + col] = acc;
}
