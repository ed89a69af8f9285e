//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: divergent — the break tests the thread's own cell cur[tid], so some threads leave the loop while the others go on to its barriers.
// uni_break_on_flag.cu with a per-thread stopping test.
__global__ void relaxUntilStableDivergent(int *grid, int maxIters)
{
    __shared__ int cur[256];
    int tid = threadIdx.x;
    int g = blockIdx.x * blockDim.x + tid;
    for (int it = 0; it < maxIters; it++) {
        cur[tid] = grid[g];
        __syncthreads();
        if (cur[tid] == 0)
            break;
        __syncthreads();
        grid[g] = (cur[tid] + cur[(tid + 1) % blockDim.x]) / 2;
        __syncthreads();
    }
}
