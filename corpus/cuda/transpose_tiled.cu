//pass
//--blockDim=[32,8] --gridDim=[4,4]
// expect: drf — tile is written (tile[ty+j][tx]) and read transposed (tile[tx][ty+j]) on opposite sides of the barrier, and odata[(y+j)*width+x] is a distinct cell per thread and j.
// Coalesced matrix transpose through a shared tile padded by one column to
// avoid bank conflicts; each 32x8 block moves a 32x32 tile (square matrix).
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeCoalesced(float *odata, const float *idata)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    int width = gridDim.x * TILE_DIM;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];

    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;   // transposed block offset
    y = blockIdx.x * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
