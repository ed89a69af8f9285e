//pass
//--blockDim=256 --gridDim=64
// expect: drf — parent is an array of cuda::atomic<int>, so parent[v] = u is an atomic store: concurrent stores of different parents do not race.
// BFS parent pass: every frontier vertex offers itself as the parent of its unvisited neighbours (any one may win).
#include <cuda/atomic>

__global__ void bfs_offer_parent(const int *row_offsets, const int *col_indices, const int *frontier,
                                 int frontier_size, const int *level, int depth, cuda::atomic<int> *parent)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= frontier_size)
        return;
    int u = frontier[i];
    for (int e = row_offsets[u]; e < row_offsets[u + 1]; e++) {
        int v = col_indices[e];
        if (level[v] > depth)
            parent[v] = u;
    }
}
