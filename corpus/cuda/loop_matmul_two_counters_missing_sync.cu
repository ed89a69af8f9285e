//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[4,4]
// expect: racy — without the barrier at the end of a tile step, a fast thread's write As[ty][tx] of the next tile races with a slow thread's read As[ty][k] of the current one.
// The two-counter tiled matrix multiply with its second barrier forgotten.
#define BLOCK_SIZE 16
#define WA (4 * BLOCK_SIZE)
#define WB (4 * BLOCK_SIZE)

__global__ void matrixMulMissingSync(float *C, const float *A, const float *B)
{
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int aBegin = WA * BLOCK_SIZE * by;
    int aEnd = aBegin + WA - 1;
    int bBegin = BLOCK_SIZE * bx;

    float Csub = 0;
    for (int a = aBegin, b = bBegin; a <= aEnd; a += BLOCK_SIZE, b += BLOCK_SIZE * WB) {
        __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
        __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
        As[ty][tx] = A[a + WA * ty + tx];
        Bs[ty][tx] = B[b + WB * ty + tx];
        __syncthreads();
        for (int k = 0; k < BLOCK_SIZE; ++k)
            Csub += As[ty][k] * Bs[k][tx];
    }
    C[WB * BLOCK_SIZE * by + BLOCK_SIZE * bx + WB * ty + tx] = Csub;
}
