//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// expect: divergent — each thread steps by 2 or 1 on its own element tile[t], so threads run different numbers of iterations and the loop's barriers diverge.
// The same walk, deciding the step on each thread's own element.
__global__ void walkRowsThreadStep(const int *m, int rows, int *rowSum)
{
    __shared__ int tile[256];
    int t = threadIdx.x;
    for (int r = 0; r < rows;) {
        tile[t] = m[(blockIdx.x * rows + r) * 256 + t];
        __syncthreads();
        if (t == 0)
            rowSum[blockIdx.x * rows + r] = tile[0] + tile[255];
        if (tile[t] == 0)
            r += 2;
        else
            r++;
        __syncthreads();
    }
}
