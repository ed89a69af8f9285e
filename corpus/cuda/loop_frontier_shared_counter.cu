//pass
//--blockDim=256 --gridDim=1
// expect: drf — the frontier size is read from the shared counter nnext after the barrier that ends the pushes, the same in every thread, so the block agrees on the while loop; pushes take distinct slots from atomicAdd.
// Breadth-first search from vertex 0 inside one block: the next frontier is
// built in shared memory with atomicAdd on a shared counter.
#define MAXF 1024
__global__ void bfsInBlock(const int *rowStart, const int *col, int *dist)
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
        __syncthreads();
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
