//pass
//--blockDim=[8,8] --gridDim=[16,16]
// expect: drf — each thread writes only its own cell of block and tmp, the row pass reads row ty of block after the load barrier, and the column pass reads column tx of tmp after the second barrier.
// Forward 8x8 DCT of an image, one 8x8 block of pixels per thread block:
// a row pass into tmp, then a column pass, as separable DCTs are taught.
#define BS 8

__constant__ float c_dct[BS][BS];   // c_dct[u][x] = C(u) cos((2x+1) u pi / 16)

__global__ void dct8x8(const float *src, float *dst)
{
    __shared__ float block[BS][BS];
    __shared__ float tmp[BS][BS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * BS + tx;
    int y = blockIdx.y * BS + ty;
    int width = gridDim.x * BS;         // the image is exactly the grid

    block[ty][tx] = src[y * width + x] - 128.0f;
    __syncthreads();

    // Row pass: coefficient tx of row ty.
    float sum = 0.0f;
    for (int k = 0; k < BS; k++)
        sum += c_dct[tx][k] * block[ty][k];
    tmp[ty][tx] = sum;
    __syncthreads();

    // Column pass: coefficient ty of column tx.
    sum = 0.0f;
    for (int k = 0; k < BS; k++)
        sum += c_dct[ty][k] * tmp[k][tx];
    dst[y * width + x] = sum;
}
