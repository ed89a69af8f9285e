//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — threads with threadIdx.x >= n jump over the __syncthreads() while the others wait at it.
// A forward goto that skips a barrier for some threads of the block.
__global__ void stageSkip(const float *in, float *out, int n)
{
    __shared__ float s[256];
    s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
    if (threadIdx.x >= n)
        goto finish;
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x];
finish:
    return;
}
