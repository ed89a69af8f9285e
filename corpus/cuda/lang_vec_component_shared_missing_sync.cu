//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — tile: thread t writes tile[t].x while thread 255-t reads tile[t] (as tile[255 - (255-t)]), with no barrier between.
// The same reversal as lang_vec_component_shared.cu without the barrier.
#define BLOCK 256

__global__ void reverseFloat4NoSync(const float *xs, const float *ys, float4 *out)
{
    __shared__ float4 tile[BLOCK];
    int t = threadIdx.x;
    int i = blockIdx.x * BLOCK + t;
    tile[t].x = xs[i];
    tile[t].y = ys[i];
    tile[t].z = 0.0f;
    tile[t].w = 1.0f;
    out[i] = tile[BLOCK - 1 - t];
}
