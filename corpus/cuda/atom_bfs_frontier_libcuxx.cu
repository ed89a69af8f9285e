//pass
//--blockDim=128 --gridDim=16
// expect: drf — the frontier tail is a cuda::atomic_ref fetch_add and visited is claimed with compare_exchange_strong: distinct slots, atomic claims.
#include <cuda/atomic>

// BFS level written with libcu++ atomic references.
__global__ void bfs_level_libcuxx(const int *row, const int *col, const int *frontier, int frontier_size,
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
        int expected = 0;
        if (seen.compare_exchange_strong(expected, 1, cuda::memory_order_relaxed)) {
            unsigned int slot = tail.fetch_add(1, cuda::memory_order_relaxed);
            next[slot] = u;
        }
    }
}
