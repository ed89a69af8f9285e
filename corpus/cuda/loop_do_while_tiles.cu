//pass
//--blockDim=[16,16] --gridDim=[4,4]
// expect: drf — `while (++t < tiles)` counts the tile steps the same way in every thread and the do runs at least once; each thread writes its own tile cells, and reads of the tiles sit between the two barriers of a step.
// Tiled matrix multiply whose tile loop is a do ... while with the counter
// advanced in the condition.
#define TILE 16
#define N (4 * TILE)

__global__ void matmulDoWhile(const float *A, const float *B, float *C)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    const int tiles = N / TILE;
    float acc = 0.0f;
    int t = 0;
    do {
        As[threadIdx.y][threadIdx.x] = A[row * N + t * TILE + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * N + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    } while (++t < tiles);
    C[row * N + col] = acc;
}
