//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: racy — visited: the plain check-then-set of visited[u] by two threads with a common neighbour u races.
// BFS level that marks visited vertices with plain loads and stores.
__global__ void bfs_level_plain_visited(const int *row, const int *col, const int *frontier, int frontier_size,
                                        int *next, unsigned int *next_size, int *visited)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= frontier_size)
        return;
    int v = frontier[i];
    for (int e = row[v]; e < row[v + 1]; e++) {
        int u = col[e];
        if (!visited[u]) {
            visited[u] = 1;
            next[atomicAdd(next_size, 1u)] = u;
        }
    }
}
