//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[4,4]
// expect: racy — As (and Bs): the write As[ty][tx] by thread (tx=1,ty=0) races with the read As[ty][k] (k=1) by thread (tx=0,ty=0), because there is no barrier between loading a tile and using it.
// Tiled matrix multiply (fixed width WIDTH, a multiple of TILE) whose author
// only kept the barrier at the end of the tile step.
#define TILE 16
#define WIDTH 64

__global__ void matmulTiledNoFirstSync(const float *A, const float *B, float *C)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;

    for (int t = 0; t < WIDTH / TILE; ++t) {
        As[ty][tx] = A[row * WIDTH + t * TILE + tx];
        Bs[ty][tx] = B[(t * TILE + ty) * WIDTH + col];
        // BUG: missing __syncthreads() here

        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * WIDTH + col] = acc;
}
