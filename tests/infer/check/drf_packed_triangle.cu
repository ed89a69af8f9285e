// expect: drf — y[i * (i + 1) / 2 + j] with j <= i is the packed lower triangle: row i's cells lie between those of rows i - 1 and i + 1 (the checker's lemma on x * (x + k) products; Z3 alone timed out here).
__global__ void take_lower(const float *x, float *y, int rows, int stride)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (j > i || i >= rows)
        return;
    y[(i * (i + 1) / 2) + j] = x[i * stride + j];
}
