//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: divergent — every thread searches for its own key, so lo and hi, and the number of iterations, differ between threads, and the barriers in the loop diverge.
// A per-thread binary search that (wrongly) keeps the block-wide staging barriers.
__global__ void threadLowerBound(const int *sorted, int n, const int *queries, int *result)
{
    __shared__ int tile[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int key = queries[i];
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        tile[threadIdx.x] = sorted[mid];
        __syncthreads();
        if (tile[threadIdx.x] < key)
            lo = mid + 1;
        else
            hi = mid;
        __syncthreads();
    }
    result[i] = lo;
}
