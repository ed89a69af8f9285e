//pass
//--blockDim=256 --gridDim=64
// expect: drf — visited[v].exchange(1) lets one thread claim v, and fetch_add on the cuda::atomic next_size gives that thread its own slot of next.
// BFS step with libcu++ atomic arrays: claim unvisited neighbours, append them to the next frontier and record their level.
#include <cuda/atomic>

__global__ void bfs_step_atomic_obj(const int *row_offsets, const int *col_indices, const int *frontier,
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
            int slot = next_size->fetch_add(1, cuda::memory_order_relaxed);
            next[slot] = v;
            level[v] = depth + 1;
        }
    }
}
