//pass
//--blockDim=256 --gridDim=64
// expect: drf — label and changed are arrays of cuda::atomic<int>: the implicit loads, fetch_min and the check-then-store of changed are all atomic.
// Connected components by min-label propagation: each vertex pushes its label to its neighbours and raises a changed flag.
#include <cuda/atomic>

__global__ void label_propagate(const int *row_offsets, const int *col_indices, cuda::atomic<int> *label,
                                cuda::atomic<int> *changed, int num_vertices)
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
