//pass
//--blockDim=256 --gridDim=64
// expect: drf — the shared scalar active is written by thread 0 before the barrier and read by all threads after it; out[i] is one cell per thread.
// Skip work for blocks whose tile is marked empty; thread 0 reads the tile
// mask once and broadcasts it through a shared flag.
__global__ void maskedCopy(const int *tileMask, const float *in, float *out)
{
    __shared__ int active;
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (threadIdx.x == 0)
        active = tileMask[blockIdx.x] != 0;
    __syncthreads();

    out[i] = active ? in[i] : 0.0f;
}
