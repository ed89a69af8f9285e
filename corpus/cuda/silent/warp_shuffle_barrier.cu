//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: divergent — __shfl_sync gives every lane the threadIdx.x of its warp's lane 0: 0 in warp 0 and 32 in warp 1, so only warp 1 reaches __syncthreads().
// A branch on a value exchanged by a warp shuffle, around a barrier.
__global__ void shuffled(float *data)
{
    __shared__ float s[64];
    s[threadIdx.x] = data[threadIdx.x];
    int lane0 = __shfl_sync(0xffffffffu, (int)threadIdx.x, 0);
    if (lane0 != 0)
        __syncthreads();
    data[threadIdx.x] = s[threadIdx.x];
}
