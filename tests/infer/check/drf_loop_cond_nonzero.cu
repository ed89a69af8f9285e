// expect: drf — `s` as a condition is s != 0: a uniform halving loop, so its barrier is reached by all threads; threads below s combine their own cell with sdata[tid + s].
__global__ void k(int *out)
{
    __shared__ int sdata[512];
    sdata[threadIdx.x] = threadIdx.x;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s; s >>= 1) {
        if (threadIdx.x < s)
            sdata[threadIdx.x] += sdata[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = sdata[0];
}
