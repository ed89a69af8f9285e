//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[4,4]
// expect: racy — the unrolled loop steps j by 4 instead of BLOCK_ROWS, so thread row ty writes tile row ty + 4, which thread row ty + 4 also writes at j = 0.
// The unrolled transpose with the wrong row step.
#define TILE_DIM 32
#define BLOCK_ROWS 8
#define WIDTH (4 * TILE_DIM)

__global__ void transposeUnrolledOverlap(float *odata, const float *idata)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
#pragma unroll 4
    for (int j = 0; j < TILE_DIM; j += 4)
        tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * WIDTH + x];
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[(y + j) * WIDTH + x] = tile[threadIdx.x][threadIdx.y + j];
}
