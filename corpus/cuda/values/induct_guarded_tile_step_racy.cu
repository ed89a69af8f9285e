//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — sparse compares the global thread index with nDense, so within one block some threads step by 2 and leave the loop (and its barriers) before the others.
// induct_guarded_tile_step.cu deciding sparseness per thread instead of per block.
constexpr int TILE = 256;

__global__ void smoothTiles(const float *in, float *out, int tilesPerBlock, int nDense)
{
    __shared__ float s[TILE];
    int tid = threadIdx.x;
    bool sparse = blockIdx.x * blockDim.x + tid >= nDense;
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
