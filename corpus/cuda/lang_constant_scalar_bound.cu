//pass
//--blockDim=128 --gridDim=64
// expect: drf — the loop over points runs from blockIdx.x to min(count, c_maxPoints) by gridDim.x: every thread of a block runs the same iterations (c_maxPoints is __constant__, one value for the grid; count a parameter), each stages and reads back its block's tile between barriers.
// A block-stride loop with barriers whose bound is capped by a __constant__
// integer that the host sets with cudaMemcpyToSymbol.
__constant__ int c_maxPoints;

__global__ void perPoint(const float *in, float *out, int count)
{
    __shared__ float tile[128];
    int last = min(count, c_maxPoints);
    for (int p = blockIdx.x; p < last; p += gridDim.x) {
        tile[threadIdx.x] = in[p * 128 + threadIdx.x];
        __syncthreads();
        out[p * 128 + threadIdx.x] = tile[127 - threadIdx.x];
        __syncthreads();
    }
}
