//pass
//--blockDim=256 --gridDim=64
// expect: drf — a is only read, __syncthreads_and is reached by every thread, and blockSorted[blockIdx.x] is written by thread 0 of each block.
// Is every block's slice sorted?  One flag per block via __syncthreads_and.
__global__ void checkSorted(const int *a, int *blockSorted, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int ok = (i + 1 >= n) || (a[i] <= a[i + 1]);
    int all = __syncthreads_and(ok);
    if (threadIdx.x == 0)
        blockSorted[blockIdx.x] = all;
}
