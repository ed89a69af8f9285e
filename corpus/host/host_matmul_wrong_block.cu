// expect: matmul_tiled=racy
// why: the tiles are TILE x TILE but the launch uses 32 x 32 blocks, so the C cells of neighbouring blocks overlap: row blockIdx.y * TILE + threadIdx.y is row 16 for thread y = 16 of block row 0 and for thread y = 0 of block row 1.
// assumes: blockDim = (32,32,1)
// no-host: matmul_tiled=racy
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define TILE 16

__global__ void matmul_tiled(const float *A, const float *B, float *C, int n)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < n / TILE; t++) {
        As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    C[row * n + col] = acc;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1024;
    float *A, *B, *C;
    cudaMalloc(&A, n * n * sizeof(float));
    cudaMalloc(&B, n * n * sizeof(float));
    cudaMalloc(&C, n * n * sizeof(float));
    dim3 block(32, 32);
    dim3 grid(n / 32, n / 32);
    matmul_tiled<<<grid, block>>>(A, B, C, n);
    cudaDeviceSynchronize();
    cudaFree(A);
    cudaFree(B);
    cudaFree(C);
    return 0;
}
