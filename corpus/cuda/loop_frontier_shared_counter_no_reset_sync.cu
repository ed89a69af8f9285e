//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1
// expect: racy — nnext: thread 0 resets nnext = 0 while other threads may already push with atomicAdd(&nnext, 1) (no barrier after the reset).
// Breadth-first search from vertex 0 inside one block; the barrier after the
// reset of the shared frontier counter is missing.
#define MAXF 1024
__global__ void bfsInBlockNoResetSync(const int *rowStart, const int *col, int *dist)
{
    __shared__ int frontier[MAXF], next[MAXF];
    __shared__ int nnext;
    int t = threadIdx.x;
    if (t == 0) {
        frontier[0] = 0;
        dist[0] = 0;
    }
    int nfront = 1, level = 0;
    __syncthreads();
    while (nfront > 0) {
        if (t == 0)
            nnext = 0;
        for (int i = t; i < nfront; i += blockDim.x) {
            int v = frontier[i];
            for (int e = rowStart[v]; e < rowStart[v + 1]; e++) {
                int w = col[e];
                if (atomicCAS(&dist[w], -1, level + 1) == -1) {
                    int slot = atomicAdd(&nnext, 1);
                    next[slot] = w;
                }
            }
        }
        __syncthreads();
        nfront = nnext;
        for (int i = t; i < nfront; i += blockDim.x)
            frontier[i] = next[i];
        level++;
        __syncthreads();
    }
}
