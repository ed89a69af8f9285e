//pass
//--blockDim=128 --gridDim=8
// expect: drf — lsum is written by thread 0 between two barriers and read by all after the second, so `if (lsum == 0) continue;` skips the tile's last barrier in every thread of the block or in none.
// Normalise each tile of counts by its sum, skipping empty tiles.
__global__ void normaliseTiles(const int *counts, int *percent, int ntiles)
{
    __shared__ int tile[128];
    __shared__ int lsum;
    int tid = threadIdx.x;
    for (int t = 0; t < ntiles; t++) {
        int g = (blockIdx.x * ntiles + t) * blockDim.x + tid;
        tile[tid] = counts[g];
        __syncthreads();
        if (tid == 0) {
            int s = 0;
            for (int i = 0; i < blockDim.x; i++)
                s += tile[i];
            lsum = s;
        }
        __syncthreads();
        if (lsum == 0)
            continue;
        percent[g] = tile[tid] * 100 / lsum;
        __syncthreads();
    }
}
