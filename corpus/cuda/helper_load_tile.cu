//pass
//--blockDim=128 --gridDim=64
// expect: drf — the helper loadTile writes only tile[threadIdx.x] before the barrier and smooth3 only reads tile after it; dst[i] is one cell per thread.
// 3-point smoothing where the shared-memory traffic is in __device__
// helpers that receive the tile as a pointer.
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

__global__ void smoothKernel(const float *src, float *dst, int n)
{
    __shared__ float tile[BLOCK];
    loadTile(tile, src, n);
    __syncthreads();

    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dst[i] = smooth3(tile, threadIdx.x);
}
