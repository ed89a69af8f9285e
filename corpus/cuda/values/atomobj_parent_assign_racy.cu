//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — parent: two frontier vertices u != u' sharing a neighbour v both store parent[v] = u with plain writes of different values.
// BFS parent pass with a plain int parent array: every frontier vertex offers itself as the parent of its unvisited neighbours.
#include <cuda/atomic>

__global__ void bfs_offer_parent_plain(const int *row_offsets, const int *col_indices, const int *frontier,
                                       int frontier_size, const int *level, int depth, int *parent)
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
