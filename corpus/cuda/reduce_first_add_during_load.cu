//pass
//--blockDim=128 --gridDim=32
// expect: drf — each thread reads two input elements and writes only sdata[tid]; the tree then halves s with tid < s guards and a barrier per step; g_odata[blockIdx.x] is written by thread 0 of each block.
// Block sum that halves the number of blocks by adding two elements while
// loading into shared memory.
__global__ void reduceAddOnLoad(const float *g_idata, float *g_odata, unsigned int n)
{
    __shared__ float sdata[128];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    float mySum = (i < n) ? g_idata[i] : 0.0f;
    if (i + blockDim.x < n)
        mySum += g_idata[i + blockDim.x];
    sdata[tid] = mySum;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] = mySum = mySum + sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        g_odata[blockIdx.x] = mySum;
}
