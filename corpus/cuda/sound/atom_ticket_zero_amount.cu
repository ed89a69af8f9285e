//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — out: a thread whose m = len[t] & 15 is 0 takes the same ticket k as the next thread and both write out[k].
// Reserve up to 15 outputs per thread, then write the first.
__global__ void reserve(const int *len, const int *val, int *out)
{
    __shared__ int n;
    if (threadIdx.x == 0)
        n = 0;
    __syncthreads();
    int t = threadIdx.x;
    int m = len[t] & 15;
    int k = atomicAdd(&n, m);
    out[k] = val[t]; // BUG: with m == 0 the slot is the next thread's
}
