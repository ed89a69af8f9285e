//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[4,4]
// expect: racy — with no barrier at the end of a step, the next step's write As[ty][tx] races with another thread's read As[ty][k] of the current tile.
// The do-while tiled multiply without its second barrier.
#define TILE 16
#define N (4 * TILE)

__global__ void matmulDoWhileMissingSync(const float *A, const float *B, float *C)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;
    int t = 0;
    do {
        As[threadIdx.y][threadIdx.x] = A[row * N + t * TILE + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * N + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    } while (++t < N / TILE);
    C[row * N + col] = acc;
}
