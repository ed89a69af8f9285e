//pass
//--blockDim=256 --gridDim=64
// expect: drf — data is only read and every update of bins is an atomicAdd.
// Straightforward histogram into global memory with a grid-stride loop.
__global__ void histogramGlobal(const unsigned int *data, unsigned int *bins, int n, unsigned int numBins)
{
    int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        unsigned int b = data[i] % numBins;
        atomicAdd(&bins[b], 1u);
    }
}
