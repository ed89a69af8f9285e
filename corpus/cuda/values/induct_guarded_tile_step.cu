//pass
//--blockDim=256 --gridDim=64
// expect: drf — sparse depends only on blockIdx.x and a parameter, so the extra t += 1 happens in every thread of a block or in none: all run the same tiles and barriers, and each (block, tile, thread) owns one cell of out.
// Each block smooths its run of tiles through shared memory; blocks past nDense smooth only every other tile.
constexpr int TILE = 256;

__global__ void smoothTiles(const float *in, float *out, int tilesPerBlock, int nDense)
{
    __shared__ float s[TILE];
    int tid = threadIdx.x;
    bool sparse = blockIdx.x >= nDense;
    int t = 0;
    while (t < tilesPerBlock) {
        int g = (blockIdx.x * tilesPerBlock + t) * TILE + tid;
        s[tid] = in[g];
        __syncthreads();
        out[g] = 0.5f * (s[tid] + s[(tid + 1) % TILE]);
        __syncthreads();
        t += 1;
        if (sparse)
            t += 1;
    }
}
