// expect: drf — the loop has no barrier, so a step k * blockDim.x * gridDim.x that may be 0 is no error: with k = 0 each thread keeps writing its own first cell.
__global__ void k(float *y, int n, int k)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += k * blockDim.x * gridDim.x)
        y[i] = 2.0f * y[i];
}
