//pass
//--blockDim=[32,8] --gridDim=[4,4]
// expect: drf — the unrolled loops step j by BLOCK_ROWS over a TILE_DIM-row tile, so each thread owns rows ty, ty + 8, ty + 16, ty + 24 of the padded tile; the barrier separates the writes from the transposed reads.
// Tiled transpose with 32x8 blocks: each thread copies four rows, in
// #pragma unroll loops, as the CUDA transpose example does.
#define TILE_DIM 32
#define BLOCK_ROWS 8
#define WIDTH (4 * TILE_DIM)

__global__ void transposeUnrolled(float *odata, const float *idata)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * WIDTH + x];
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[(y + j) * WIDTH + x] = tile[threadIdx.x][threadIdx.y + j];
}
