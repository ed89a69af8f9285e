//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,4] --gridDim=[4,8]
// expect: racy — dst[j] is a row pointer read from memory: two rows j may hold the same pointer, and their threads write the same cell dst_target[row + i].
// Scattering rows through an array of row pointers, which may repeat.
__global__ void copy_to_rows(float *const *dst, const float *src, int rows, int cols, int stride)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (stride < cols)
        return;
    if (i < cols && j < rows) {
        float *row = dst[j];
        if (row != 0)
            row[i] = src[j * stride + i];
    }
}
