//pass
//--blockDim=256 --gridDim=64
// expect: drf — in step s thread tid writes sdata[2*s*tid] and reads sdata[2*s*tid+s]; writers are distinct multiples of 2*s, readers' cells are odd multiples of s, and each step ends with a barrier.
// Block sum with interleaved addressing but a strided index instead of the
// modulo test, stepping s with a shift.
__global__ void reduceStridedIndex(const float *g_idata, float *g_odata, unsigned int n)
{
    __shared__ float sdata[256];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0.0f;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s <<= 1) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x)
            sdata[index] += sdata[index + s];
        __syncthreads();
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
