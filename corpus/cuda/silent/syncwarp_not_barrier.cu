//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — __syncwarp() orders the threads of one warp only, and thread t reads s[63 - t], written by a thread of the other warp.
// A warp barrier where a block barrier was needed.
__global__ void reverse(float *data)
{
    __shared__ float s[64];
    s[threadIdx.x] = data[threadIdx.x];
    __syncwarp();
    data[threadIdx.x] = s[63 - threadIdx.x];
}
