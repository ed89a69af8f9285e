//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — active (a __shared__ scalar): thread 0 writes active while thread 1 reads it, with no barrier in between.
// Broadcast of a per-block flag through shared memory, barrier forgotten.
__global__ void maskedCopyNoSync(const int *tileMask, const float *in, float *out)
{
    __shared__ int active;
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (threadIdx.x == 0)
        active = tileMask[blockIdx.x] != 0;
    // BUG: missing __syncthreads()

    out[i] = active ? in[i] : 0.0f;
}
