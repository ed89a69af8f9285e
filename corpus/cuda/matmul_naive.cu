//pass
//--blockDim=[16,16] --gridDim=[8,8]
// expect: drf — A and B are only read, and each thread writes its own C[row*k+col] under the guard row < m && col < k.
// Naive matrix multiply C (m x k) = A (m x n) * B (n x k): one thread per
// output element, all operands straight from global memory.
__global__ void matmulNaive(const float *A, const float *B, float *C,
                            int m, int n, int k)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;

    if (row < m && col < k) {
        float sum = 0.0f;
        for (int i = 0; i < n; ++i)
            sum += A[row * n + i] * B[i * k + col];
        C[row * k + col] = sum;
    }
}
