//pass
//--blockDim=64 --gridDim=2
// expect: drf — out: tickets are 0, 2, ..., 126 within a block, offset by 128 per block: distinct pairs.
// Two outputs per thread, at slots handed out by a shared counter.
__global__ void twoEach(const int *in, int *out)
{
    __shared__ int used;
    if (threadIdx.x == 0)
        used = 0;
    __syncthreads();
    int k = atomicAdd(&used, 2) + blockIdx.x * 128;
    out[k] = in[blockIdx.x * 64 + threadIdx.x];
    out[k + 1] = -in[blockIdx.x * 64 + threadIdx.x];
}
