//pass
//--blockDim=128 --gridDim=16
// expect: drf — visited is claimed with atomicCAS, dist writes the same level + 1 everywhere (benign), and next frontier slots come from atomicAdd.
// One level of top-down BFS over a CSR graph with a queue frontier.
__global__ void bfs_level(const int *row, const int *col, const int *frontier, int frontier_size,
                          int *next, unsigned int *next_size, int *visited, int *dist, int level)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= frontier_size)
        return;
    int v = frontier[i];
    for (int e = row[v]; e < row[v + 1]; e++) {
        int u = col[e];
        if (atomicCAS(&visited[u], 0, 1) == 0) {
            dist[u] = level + 1;
            next[atomicAdd(next_size, 1u)] = u;
        }
    }
}
