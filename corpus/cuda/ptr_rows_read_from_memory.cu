//pass
//--blockDim=[32,4] --gridDim=[4,8]
// expect: drf — src[j] is a row pointer read from memory, only read through; dst[j * stride + i] is each thread's own cell (stride is at least cols).
// Gathering rows through an array of row pointers (a copy-rows kernel).
__global__ void copy_rows(float *dst, const float *const *src, int rows, int cols, int stride)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (stride < cols)
        return;
    if (i < cols && j < rows) {
        const float *row = src[j];
        dst[j * stride + i] = row != 0 ? row[i] : 0.0f;
    }
}
