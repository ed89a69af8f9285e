//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — buf: thread t writes buf[t + 8] in its second iteration while thread t + 8 writes buf[t + 8] in its first, with no barrier.
// A strided loop that advances its counter through a pointer.
__device__ void bump(int *k, int by)
{
    *k += by;
}

__global__ void fill(const int *in, int *out)
{
    __shared__ int buf[128];
    int k = threadIdx.x;
    while (k < 128) {
        buf[k] = in[k];
        bump(&k, 8); // BUG: should be blockDim.x
    }
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x];
}
