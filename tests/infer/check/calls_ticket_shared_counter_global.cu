//pass
//--blockDim=64 --gridDim=4
// expect: drf — slots from a __shared__ counter below blockDim index this block's own segment of out

__global__ void compact(const int *in, int *out)
{
    __shared__ unsigned int count;
    if (threadIdx.x == 0)
        count = 0;
    __syncthreads();
    unsigned int slot = atomicAdd(&count, 1u);
    if (slot < blockDim.x)
        out[blockIdx.x * blockDim.x + slot] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
