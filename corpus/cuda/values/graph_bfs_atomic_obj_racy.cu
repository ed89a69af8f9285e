//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — next: the slot is an atomic load followed by an atomic store of slot + 1, so two claiming threads can get the same slot and write next[slot] with different v.
// BFS step that bumps the cuda::atomic frontier size with a load and a store instead of a fetch_add.
#include <cuda/atomic>

__global__ void bfs_step_split_ticket(const int *row_offsets, const int *col_indices, const int *frontier,
                                      int frontier_size, cuda::atomic<int> *visited, cuda::atomic<int> *next_size,
                                      int *next, int *level, int depth)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= frontier_size)
        return;
    int u = frontier[i];
    for (int e = row_offsets[u]; e < row_offsets[u + 1]; e++) {
        int v = col_indices[e];
        if (visited[v].exchange(1, cuda::memory_order_relaxed) == 0) {
            int slot = *next_size;
            *next_size = slot + 1;
            next[slot] = v;
            level[v] = depth + 1;
        }
    }
}
