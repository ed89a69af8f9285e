//pass
//--blockDim=256 --gridDim=64
// expect: drf — `for (s = blockDim.x / 2; s; s >>= 1)` tests s != 0, the same in every thread; in each step threads below s add sdata[tid + s] into sdata[tid], and a barrier separates the steps.
// Tree reduction whose loop condition is the stride itself.
__global__ void reduceNonzero(const int *in, int *out)
{
    extern __shared__ int sdata[];
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}
