//pass
//--blockDim=[32,8] --gridDim=[16,16]
// expect: drf — tile cells are written as tile[r][tx ^ r] (a permutation of the row) before the barrier, and after it each thread reads tile[tx][r ^ tx]; writes go to distinct cells of out.
// Matrix transpose through a 32x32 shared tile without padding: bank
// conflicts are avoided by storing column c of row r at c ^ r (an xor
// swizzle), 32x8 threads, each handling four rows.
#define TILE 32
#define ROWS 8

__global__ void transposeSwizzled(float *out, const float *in)
{
    __shared__ float tile[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int width = gridDim.x * TILE;
    int height = gridDim.y * TILE;
    int x = blockIdx.x * TILE + tx;
    int y = blockIdx.y * TILE + ty;

    for (int j = 0; j < TILE; j += ROWS) {
        int r = ty + j;
        tile[r][tx ^ r] = in[(y + j) * width + x];
    }
    __syncthreads();

    x = blockIdx.y * TILE + tx;
    y = blockIdx.x * TILE + ty;
    for (int j = 0; j < TILE; j += ROWS) {
        int r = ty + j;
        out[(y + j) * height + x] = tile[tx][r ^ tx];
    }
}
