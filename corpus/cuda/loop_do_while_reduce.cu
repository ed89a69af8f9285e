//pass
//--blockDim=256 --gridDim=64
// expect: drf — the do-while halves s from blockDim.x / 2, the same sequence in every thread, and runs at least once; threads below s combine sdata[tid] and sdata[tid + s], and a barrier ends every step.
// Tree reduction written as a do ... while loop.
__global__ void reduceDoWhile(const float *in, float *out)
{
    extern __shared__ float sdata[];
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    unsigned s = blockDim.x / 2;
    do {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
        s >>= 1;
    } while (s > 0);
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}
