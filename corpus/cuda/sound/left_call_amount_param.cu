//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — tile: thread t writes tile[t + 32] in its second iteration while thread t + 32 writes it in its first, with no barrier.
// A strided copy whose counter a helper advances by the stride it is handed.
__device__ void advance(unsigned *k, unsigned stride)
{
    *k += stride;
}

__global__ void copy(const float *in, float *out, unsigned half)
{
    __shared__ float tile[256];
    for (unsigned k = threadIdx.x; k < 256; advance(&k, 32)) // BUG: the block has 64 threads
        tile[k] = in[k];
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x] + tile[threadIdx.x + half];
}
