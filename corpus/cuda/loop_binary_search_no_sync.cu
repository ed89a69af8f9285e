//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: racy — tile: thread 0 writes tile[0] for the next step while the other threads still read tile[0] of this step (the barrier after the comparison is missing).
// Each block finds the lower bound of its query in a sorted array; the
// barrier that ends a step is missing.
__global__ void blockLowerBoundNoSync(const int *sorted, int n, const int *queries, int *result)
{
    __shared__ int tile[256];
    int key = queries[blockIdx.x];
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        tile[threadIdx.x] = sorted[min(mid + (int)threadIdx.x, n - 1)];
        __syncthreads();
        if (tile[0] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (threadIdx.x == 0)
        result[blockIdx.x] = lo;
}
