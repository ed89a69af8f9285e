//pass
//--blockDim=256 --gridDim=1
// expect: drf — i and j are compared to each other and move by blockDim.x, the same in every thread; in the last, overlapping chunk only threads with i + t < j - 1 - t swap, so no two threads write one cell.
// One block reverses an array in place, a chunk from each end per step.
__global__ void reverseInPlace(int *a, int n)
{
    __shared__ int lo[256], hi[256];
    int t = threadIdx.x;
    int i = 0, j = n;
    while (i < j) {
        lo[t] = a[i + t];
        hi[t] = a[j - 1 - t];
        __syncthreads();
        if (i + t < j - 1 - t) {
            a[i + t] = hi[t];
            a[j - 1 - t] = lo[t];
        }
        __syncthreads();
        i += blockDim.x;
        j -= blockDim.x;
    }
}
