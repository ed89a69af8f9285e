//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — N_ds: thread 1 writes N_ds[n+tx] = N_ds[3] while thread 0 reads N_ds[tx+j] = N_ds[3] (j = 3); nothing orders the tile fill before its use.
// Tiled 1-D convolution without the barrier after loading the tile.
#define MASK_WIDTH 5
#define TILE_SIZE 256

__constant__ float M[MASK_WIDTH];

__global__ void convolution1DNoSync(const float *N, float *P, int width)
{
    __shared__ float N_ds[TILE_SIZE + MASK_WIDTH - 1];
    int n = MASK_WIDTH / 2;
    int tx = threadIdx.x;
    int bd = blockDim.x;
    int i = blockIdx.x * bd + tx;

    int halo_left = ((int)blockIdx.x - 1) * bd + tx;
    if (tx >= bd - n)
        N_ds[tx - (bd - n)] = (halo_left < 0) ? 0.0f : N[halo_left];

    N_ds[n + tx] = (i < width) ? N[i] : 0.0f;

    int halo_right = ((int)blockIdx.x + 1) * bd + tx;
    if (tx < n)
        N_ds[n + bd + tx] = (halo_right >= width) ? 0.0f : N[halo_right];

    // BUG: missing __syncthreads()

    float Pvalue = 0.0f;
    for (int j = 0; j < MASK_WIDTH; j++)
        Pvalue += N_ds[tx + j] * M[j];
    if (i < width)
        P[i] = Pvalue;
}
