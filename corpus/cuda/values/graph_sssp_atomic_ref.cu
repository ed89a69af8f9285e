//pass
//--blockDim=256 --gridDim=64
// expect: drf — every access to dist goes through a device-scope cuda::atomic_ref: the load of dist[u] and the fetch_min on dist[v] are both atomic.
// One Bellman-Ford sweep over a CSR graph: each thread relaxes the out-edges of one vertex with atomic_ref fetch_min.
#include <cuda/atomic>

__global__ void sssp_relax_atomic_ref(const int *row_offsets, const int *col_indices, const int *weights,
                                      int *dist, int num_vertices, int infinity)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= num_vertices)
        return;
    cuda::atomic_ref<int, cuda::thread_scope_device> du(dist[u]);
    int d = du.load(cuda::memory_order_relaxed);
    if (d == infinity)
        return;
    for (int e = row_offsets[u]; e < row_offsets[u + 1]; e++) {
        int v = col_indices[e];
        cuda::atomic_ref<int, cuda::thread_scope_device> dv(dist[v]);
        dv.fetch_min(d + weights[e], cuda::memory_order_relaxed);
    }
}
