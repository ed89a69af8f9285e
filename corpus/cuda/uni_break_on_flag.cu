//pass
//--blockDim=256 --gridDim=32
// expect: drf — stop is set by thread 0 between two barriers and tested by all after the second, so the break leaves the loop in every thread of the block at the same iteration.
// Relaxation sweeps that stop early once the block's first cell settles.
__global__ void relaxUntilStable(int *grid, int maxIters)
{
    __shared__ int cur[256];
    __shared__ int stop;
    int tid = threadIdx.x;
    int g = blockIdx.x * blockDim.x + tid;
    for (int it = 0; it < maxIters; it++) {
        cur[tid] = grid[g];
        __syncthreads();
        if (tid == 0)
            stop = cur[0] == cur[blockDim.x - 1];
        __syncthreads();
        if (stop)
            break;
        grid[g] = (cur[tid] + cur[(tid + 1) % blockDim.x]) / 2;
        __syncthreads();
    }
}
