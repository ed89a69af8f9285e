//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=64
// expect: divergent — the bound is min(count, c_maxPoints + threadIdx.x / 64): the two halves of a block may run different numbers of iterations, and the barriers in the loop diverge.
// A block-stride loop with barriers whose bound is capped by a __constant__
// integer that the host sets with cudaMemcpyToSymbol.
__constant__ int c_maxPoints;

__global__ void perPoint(const float *in, float *out, int count)
{
    __shared__ float tile[128];
    int last = min(count, c_maxPoints + (int)threadIdx.x / 64);
    for (int p = blockIdx.x; p < last; p += gridDim.x) {
        tile[threadIdx.x] = in[p * 128 + threadIdx.x];
        __syncthreads();
        out[p * 128 + threadIdx.x] = tile[127 - threadIdx.x];
        __syncthreads();
    }
}
