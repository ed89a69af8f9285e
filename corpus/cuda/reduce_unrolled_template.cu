//pass
//--blockDim=256 --gridDim=64
// expect: drf — every unrolled step is "threads tid < h write sdata[tid], read sdata[tid+h]" followed by a barrier outside the branch, and the compile-time tests on blockSize are uniform.
// Fully unrolled block sum templated on the block size, with a grid-stride
// first pass; the warp-level tail keeps its barriers, so it is correct
// without warp-synchronous assumptions.
template <unsigned int blockSize>
__global__ void reduceUnrolled(const float *g_idata, float *g_odata, unsigned int n)
{
    __shared__ float sdata[blockSize];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockSize * 2) + tid;
    unsigned int gridSize = blockSize * 2 * gridDim.x;

    float sum = 0.0f;
    while (i < n) {
        sum += g_idata[i];
        if (i + blockSize < n)
            sum += g_idata[i + blockSize];
        i += gridSize;
    }
    sdata[tid] = sum;
    __syncthreads();

    if (blockSize >= 512) { if (tid < 256) sdata[tid] += sdata[tid + 256]; __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) sdata[tid] += sdata[tid + 128]; __syncthreads(); }
    if (blockSize >= 128) { if (tid <  64) sdata[tid] += sdata[tid +  64]; __syncthreads(); }
    if (blockSize >=  64) { if (tid <  32) sdata[tid] += sdata[tid +  32]; __syncthreads(); }
    if (blockSize >=  32) { if (tid <  16) sdata[tid] += sdata[tid +  16]; __syncthreads(); }
    if (blockSize >=  16) { if (tid <   8) sdata[tid] += sdata[tid +   8]; __syncthreads(); }
    if (blockSize >=   8) { if (tid <   4) sdata[tid] += sdata[tid +   4]; __syncthreads(); }
    if (blockSize >=   4) { if (tid <   2) sdata[tid] += sdata[tid +   2]; __syncthreads(); }
    if (blockSize >=   2) { if (tid <   1) sdata[tid] += sdata[tid +   1]; __syncthreads(); }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}

template __global__ void reduceUnrolled<256>(const float *, float *, unsigned int);
