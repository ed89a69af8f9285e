//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: racy — visited: a plain store visited[u] = 1 races with another thread's atomic_ref load of the same vertex.
#include <cuda/atomic>

// BFS level that checks visited atomically but marks it with a plain store.
__global__ void bfs_level_libcuxx_plain_mark(const int *row, const int *col, const int *frontier, int frontier_size,
                                             int *next, unsigned int *next_size, int *visited)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= frontier_size)
        return;
    cuda::atomic_ref<unsigned int, cuda::thread_scope_device> tail(*next_size);
    int v = frontier[i];
    for (int e = row[v]; e < row[v + 1]; e++) {
        int u = col[e];
        cuda::atomic_ref<int, cuda::thread_scope_device> seen(visited[u]);
        if (seen.load(cuda::memory_order_relaxed) == 0) {
            visited[u] = 1;
            next[tail.fetch_add(1)] = u;
        }
    }
}
