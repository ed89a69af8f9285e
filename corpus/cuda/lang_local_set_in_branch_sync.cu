//pass
//--blockDim=256 --gridDim=64
// expect: drf — key is a value of the thread's own (declared without a value, set from keys[] in a branch) that only guards the write of out[i]; the tile is written before the barrier and read mirrored after it.
// A local declared without a value, assigned in a branch from memory and
// used after __syncthreads() (the front-end bug of issue 15, item 6).
#define BLOCK 256

__global__ void tagTile(const int *keys, const float *vals, float *out, int n)
{
    __shared__ float tile[BLOCK];
    int t = threadIdx.x;
    int i = blockIdx.x * BLOCK + t;
    int key;
    if (i < n)
        key = keys[i];
    tile[t] = i < n ? vals[i] : 0.0f;
    __syncthreads();
    if (key >= 0 && i < n)
        out[i] = tile[BLOCK - 1 - t];
}
