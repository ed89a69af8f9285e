// expect: drf — `do ... while (s > 0)` runs once for s = blockDim.x / 2 = 0 and halves otherwise: uniform either way, so the barrier inside is reached by all.
__global__ void k(int *out)
{
    __shared__ int sdata[512];
    sdata[threadIdx.x] = threadIdx.x;
    __syncthreads();
    unsigned s = blockDim.x / 2;
    do {
        if (threadIdx.x < s)
            sdata[threadIdx.x] += sdata[threadIdx.x + s];
        __syncthreads();
        s >>= 1;
    } while (s > 0);
    if (threadIdx.x == 0)
        out[blockIdx.x] = sdata[0];
}
