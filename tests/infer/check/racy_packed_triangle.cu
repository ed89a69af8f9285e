// expect: racy — j runs to i + 1, one past the row: (i, i + 1) writes y[(i + 1) * (i + 2) / 2], the cell of (i + 1, 0).
__global__ void take_lower(const float *x, float *y, int rows, int stride)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (j > i + 1 || i >= rows)
        return;
    y[(i * (i + 1) / 2) + j] = x[i * stride + j];
}
