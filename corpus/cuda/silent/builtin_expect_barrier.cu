//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: divergent — __builtin_expect returns its first argument, so the barrier is reached by threads 0..31 only.
// A branch hint through a compiler built-in, which has no memory effect.
__global__ void hinted(float *data)
{
    __shared__ float s[64];
    s[threadIdx.x] = data[threadIdx.x];
    if (__builtin_expect(threadIdx.x < 32, 1))
        __syncthreads();
    data[threadIdx.x] = s[threadIdx.x];
}
