//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — out: slots from a __shared__ counter are distinct only within a block, so two blocks write out[slot] alike

__global__ void compact(const int *in, int *out)
{
    __shared__ unsigned int count;
    if (threadIdx.x == 0)
        count = 0;
    __syncthreads();
    unsigned int slot = atomicAdd(&count, 1u);
    out[slot] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
