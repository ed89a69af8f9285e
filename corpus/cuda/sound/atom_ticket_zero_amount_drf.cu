//pass
//--blockDim=64 --gridDim=1
// expect: drf — out: each thread writes only the m slots it reserved, [k, k + m); the ranges of distinct threads are disjoint (at most 64 * 15 in all, no wrap).
// Reserve up to 15 outputs per thread, then write them.
__global__ void reserve(const int *len, const int *val, int *out)
{
    __shared__ int n;
    if (threadIdx.x == 0)
        n = 0;
    __syncthreads();
    int t = threadIdx.x;
    int m = len[t] & 15;
    int k = atomicAdd(&n, m);
    for (int j = 0; j < m; j++)
        out[k + j] = val[t];
}
