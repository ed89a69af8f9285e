//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[8,32]
// expect: racy — the column pass reads tmp[k][...] with no barrier after the row pass wrote it: tmp[ty][tx] written by thread (tx, ty) races with the read of thread (tx, k).
// Batched 8x8 DCT: a 32x8 thread block transforms four 8x8 pixel blocks
// side by side; each thread finds its block with (tx >> 3) and its column
// in the block with (tx & 7); rows are padded by one float.
#define BS 8
#define BLOCKS_X 4

__constant__ float c_dct[BS][BS];

__global__ void dct8x8BatchedNoSync(const float *src, float *dst)
{
    __shared__ float tile[BS][BLOCKS_X * BS + 1];
    __shared__ float tmp[BS][BLOCKS_X * BS + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int blk = tx >> 3;          // which 8x8 block of the four
    int col = tx & (BS - 1);    // column inside it
    int x = blockIdx.x * BLOCKS_X * BS + tx;
    int y = blockIdx.y * BS + ty;
    int width = gridDim.x * BLOCKS_X * BS;  // the image is exactly the grid

    tile[ty][tx] = src[y * width + x];
    __syncthreads();

    float sum = 0.0f;
#pragma unroll
    for (int k = 0; k < BS; k++)
        sum += c_dct[col][k] * tile[ty][(blk << 3) + k];
    tmp[ty][tx] = sum;

    sum = 0.0f;
#pragma unroll
    for (int k = 0; k < BS; k++)
        sum += c_dct[ty][k] * tmp[k][(blk << 3) | col];
    dst[y * width + x] = sum;
}
