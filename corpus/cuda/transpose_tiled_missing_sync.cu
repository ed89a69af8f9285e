//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[4,4]
// expect: racy — tile: the write tile[ty+j][tx] by thread (tx=0,ty=1) races with the transposed read tile[tx][ty+j] by thread (tx=1,ty=0), as no barrier separates them.
// Matrix transpose through a padded shared tile, with the barrier between
// the load phase and the store phase forgotten.
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeNoSync(float *odata, const float *idata)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    int width = gridDim.x * TILE_DIM;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];

    // BUG: missing __syncthreads()

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
