//pass
//--blockDim=64 --gridDim=1
// expect: drf — tile: thread t writes tile[t + 64j], its own residue class.
// A strided copy whose counter a helper advances by the stride it is handed.
__device__ void advance(unsigned *k, unsigned stride)
{
    *k += stride;
}

__global__ void copy(const float *in, float *out, unsigned half)
{
    __shared__ float tile[256];
    for (unsigned k = threadIdx.x; k < 256; advance(&k, blockDim.x))
        tile[k] = in[k];
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x] + tile[threadIdx.x + half];
}
