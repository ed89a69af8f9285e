//pass
//--blockDim=[16,16] --gridDim=[4,4]
// expect: drf — the header walks a over A's tile row and b over B's tile column together; As[ty][tx] and Bs[ty][tx] are each thread's own cell, reads sit between the two barriers, and C's cell is one per thread.
// Tiled matrix multiply C = A * B in the style of the CUDA programming guide
// and the best-known samples: two counters in the loop header, a for A's
// row of tiles and b for B's column of tiles, stepping together.
#define BLOCK_SIZE 16
#define WA (4 * BLOCK_SIZE)   // width of A = height of B
#define WB (4 * BLOCK_SIZE)   // width of B and of C (gridDim.x tiles)

__global__ void matrixMulTwoCounters(float *C, const float *A, const float *B)
{
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    int aBegin = WA * BLOCK_SIZE * by;   // first tile of A for this block row
    int aEnd = aBegin + WA - 1;          // last element of that row of A
    int aStep = BLOCK_SIZE;              // A's tiles go right
    int bBegin = BLOCK_SIZE * bx;        // first tile of B for this block column
    int bStep = BLOCK_SIZE * WB;         // B's tiles go down

    float Csub = 0;
    for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
        __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
        __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
        As[ty][tx] = A[a + WA * ty + tx];
        Bs[ty][tx] = B[b + WB * ty + tx];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BLOCK_SIZE; ++k)
            Csub += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    int c = WB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
    C[c + WB * ty + tx] = Csub;
}
