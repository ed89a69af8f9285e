//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — dst: the writes dst[0] = src[threadIdx.x] of two threads copy different cells of src, so they may store different values into dst[0].
// cell_benign_header_copy.cu copying the header from the thread's own slot instead of from src[0].
__global__ void copyRecord(const int *src, int *dst)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    dst[0] = src[threadIdx.x];
    dst[1 + i] = src[1 + i];
}
