//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — dist: the plain read int d = dist[u] races with another thread's atomic_ref fetch_min on dist[v] when v == u.
// One Bellman-Ford sweep that relaxes with atomic_ref fetch_min but reads the source distance plainly.
#include <cuda/atomic>

__global__ void sssp_relax_plain_load(const int *row_offsets, const int *col_indices, const int *weights,
                                      int *dist, int num_vertices, int infinity)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= num_vertices)
        return;
    int d = dist[u];
    if (d == infinity)
        return;
    for (int e = row_offsets[u]; e < row_offsets[u + 1]; e++) {
        int v = col_indices[e];
        cuda::atomic_ref<int, cuda::thread_scope_device> dv(dist[v]);
        dv.fetch_min(d + weights[e], cuda::memory_order_relaxed);
    }
}
