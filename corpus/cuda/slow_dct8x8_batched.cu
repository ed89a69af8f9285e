//pass
//--blockDim=[32,8] --gridDim=[8,32]
// expect: drf — thread (tx, ty) owns column tx & 7 of the 8x8 block tx >> 3; it writes its own cells of tile, and reads only its own block's cells after a barrier.
// Batched 8x8 DCT: a 32x8 thread block transforms four 8x8 pixel blocks
// side by side; each thread finds its block with (tx >> 3) and its column
// in the block with (tx & 7); rows are padded by one float.
#define BS 8
#define BLOCKS_X 4

__constant__ float c_dct[BS][BS];

__global__ void dct8x8Batched(const float *src, float *dst)
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
    __syncthreads();

    sum = 0.0f;
#pragma unroll
    for (int k = 0; k < BS; k++)
        sum += c_dct[ty][k] * tmp[k][(blk << 3) | col];
    dst[y * width + x] = sum;
}
