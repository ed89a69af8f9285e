//xfail:NOT_ALL_VERIFIED
//--blockDim=[8,8] --gridDim=[16,16]
// expect: racy — the row pass writes its result back into block[ty][tx] while the other threads of row ty still read block[ty][k] in the same barrier interval.
// Forward 8x8 DCT with the row pass done in place to save shared memory,
// but without the barrier that would separate the reads from the write.
#define BS 8

__constant__ float c_dct[BS][BS];   // c_dct[u][x] = C(u) cos((2x+1) u pi / 16)

__global__ void dct8x8InPlace(const float *src, float *dst)
{
    __shared__ float block[BS][BS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * BS + tx;
    int y = blockIdx.y * BS + ty;
    int width = gridDim.x * BS;         // the image is exactly the grid

    block[ty][tx] = src[y * width + x] - 128.0f;
    __syncthreads();

    float sum = 0.0f;
    for (int k = 0; k < BS; k++)
        sum += c_dct[tx][k] * block[ty][k];
    block[ty][tx] = sum;
    __syncthreads();

    sum = 0.0f;
    for (int k = 0; k < BS; k++)
        sum += c_dct[ty][k] * block[k][tx];
    dst[y * width + x] = sum;
}
