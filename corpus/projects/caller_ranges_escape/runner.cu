#include "runner.cuh"

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

// No bounds check: correct only when M == N and M is a multiple of 256.
__global__ void tile(int M, int N, float *C)
{
    int row = blockIdx.x * 256 + threadIdx.x;
    C[row % N] = threadIdx.x;
}

static void run_tile(int M, int N, float *C)
{
    tile<<<CEIL_DIV(M, 256), 256>>>(M, N, C);
}

void run_kernel(int num, int M, int N, float *C)
{
    switch (num) {
    case 1:
        run_tile(M, N, C);
        break;
    default:
        break;
    }
}
