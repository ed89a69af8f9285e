//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — changed: a plain int, so one thread's read *changed == 0 races with another thread's plain write *changed = 1.
// Min-label propagation with atomic labels but a plain int changed flag tested before it is raised.
#include <cuda/atomic>

__global__ void label_propagate_plain_flag(const int *row_offsets, const int *col_indices, cuda::atomic<int> *label,
                                           int *changed, int num_vertices)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= num_vertices)
        return;
    int lu = label[u];
    for (int e = row_offsets[u]; e < row_offsets[u + 1]; e++) {
        int v = col_indices[e];
        if (label[v].fetch_min(lu) > lu && *changed == 0)
            *changed = 1;
    }
}
