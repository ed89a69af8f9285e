//pass
//--blockDim=256 --gridDim=64
// expect: drf — N_ds is filled in three disjoint ranges (left halo by the last MASK_WIDTH/2 threads, centre by all, right halo by the first MASK_WIDTH/2) before the barrier; P[i] is guarded by i < width.
// Tiled 1-D convolution with the mask in constant memory and the halo
// cells loaded into shared memory (Kirk & Hwu style).
#define MASK_WIDTH 5
#define TILE_SIZE 256

__constant__ float M[MASK_WIDTH];

__global__ void convolution1DTiled(const float *N, float *P, int width)
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

    __syncthreads();

    float Pvalue = 0.0f;
    for (int j = 0; j < MASK_WIDTH; j++)
        Pvalue += N_ds[tx + j] * M[j];
    if (i < width)
        P[i] = Pvalue;
}
