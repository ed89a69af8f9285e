//pass
//--blockDim=256 --gridDim=16
// expect: drf — lo and hi change only by values every thread of the block reads alike (the block's key, tile[0]), so the block runs the loop's barriers together; tile[0] is read between the two barriers.
// Each block finds the lower bound of its query in a sorted array; the whole
// block stages the element at the midpoint (and the ones after it) in shared memory.
__global__ void blockLowerBound(const int *sorted, int n, const int *queries, int *result)
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
        __syncthreads();
    }
    if (threadIdx.x == 0)
        result[blockIdx.x] = lo;
}
