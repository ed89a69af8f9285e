// expect: drf — the body advances i by blockDim.x as the header does, so each iteration covers the thread's own pair A[i], A[i + blockDim.x] of a 2 * blockDim.x stride.
__global__ void k(int *A, int n)
{
    for (int i = blockIdx.x * 2 * blockDim.x + threadIdx.x; i + blockDim.x < n; i += blockDim.x * gridDim.x * 2 - blockDim.x) {
        A[i] = 0;
        i += blockDim.x;
        A[i] = 1;
    }
}
