//pass
//--blockDim=256 --gridDim=64
// expect: drf — every thread of the grid stores src[0], a cell nobody writes, into dst[0]: all write the same value (benign), and each payload cell dst[1 + i] has one writer.
// Copies a length-prefixed record; every thread redundantly copies the length header.
__global__ void copyRecord(const int *src, int *dst)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    dst[0] = src[0];
    dst[1 + i] = src[1 + i];
}
