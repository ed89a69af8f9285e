//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — out: thread with ticket k in either block writes out[k] and out[k + 1]; the two blocks hand out the same tickets.
// Two outputs per thread, at slots handed out by a shared counter.
__global__ void twoEach(const int *in, int *out)
{
    __shared__ int used;
    if (threadIdx.x == 0)
        used = 0;
    __syncthreads();
    int k = atomicAdd(&used, 2);
    out[k] = in[blockIdx.x * 64 + threadIdx.x]; // BUG: slots of one block only
    out[k + 1] = -in[blockIdx.x * 64 + threadIdx.x];
}
