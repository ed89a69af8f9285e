//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=64
// expect: racy — tile: thread t+1 reads its left neighbour tile[t] inside smooth3 while thread t writes tile[t] = v, with no barrier between them.
// Smoothing that updates the shared tile in place through helpers, so the
// neighbours being read are being overwritten.
#define BLOCK 128

__device__ void loadTile(float *tile, const float *src, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = (i < n) ? src[i] : 0.0f;
}

__device__ float smooth3(const float *tile, int t)
{
    float l = (t > 0) ? tile[t - 1] : tile[t];
    float r = (t < BLOCK - 1) ? tile[t + 1] : tile[t];
    return 0.25f * l + 0.5f * tile[t] + 0.25f * r;
}

__global__ void smoothInPlace(const float *src, float *dst, int n, int iterations)
{
    __shared__ float tile[BLOCK];
    loadTile(tile, src, n);
    __syncthreads();

    for (int it = 0; it < iterations; ++it) {
        float v = smooth3(tile, threadIdx.x);
        tile[threadIdx.x] = v;        // BUG: needs a barrier before this write
        __syncthreads();
    }

    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dst[i] = tile[threadIdx.x];
}
