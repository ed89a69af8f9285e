//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — thread t reads s[63 - t], written by a thread of the other warp; the partial-mask __syncwarp() orders at most lanes of one warp.
// A warp barrier with a partial mask where a block barrier was needed.
__global__ void reverse_half_mask(float *data)
{
    __shared__ float s[64];
    s[threadIdx.x] = data[threadIdx.x];
    __syncwarp(0x0000ffff);
    data[threadIdx.x] = s[63 - threadIdx.x];
}
