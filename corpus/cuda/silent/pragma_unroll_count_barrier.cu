//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: divergent — only the first 32 threads run the unrolled loop, and its body holds __syncthreads(), which the other 32 threads of the block never reach.
// `#pragma unroll 2` with a count, around a loop that holds a barrier.
__global__ void halfSteps(float *data)
{
    __shared__ float s[64];
    s[threadIdx.x] = data[threadIdx.x];
    if (threadIdx.x < 32) {
#pragma unroll 2
        for (int step = 0; step < 4; step++) {
            __syncthreads();
        }
    }
    data[threadIdx.x] = s[threadIdx.x];
}
