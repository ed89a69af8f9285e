//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — buf: thread t writes buf[t + 16] in its second iteration while thread t + 16 writes buf[t + 16] in its first, with no barrier.
// Strided fill with the stride hidden in a helper.
__device__ void next(int &k)
{
    k += 16; // BUG: the block has 64 threads
}

__global__ void fill(const float *in, float *out)
{
    __shared__ float buf[256];
    for (int k = threadIdx.x; k < 256; next(k))
        buf[k] = in[k];
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x * 4];
}
