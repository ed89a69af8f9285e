//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — dist_out: the plain read d = dist_out[u] races with another thread's atomicMin on dist_out[col_indices[e]] when that neighbour is u.
// Bellman-Ford sweep that reads the source distance from the buffer being relaxed instead of the previous one.
__global__ void sssp_sweep_inplace(const int *row_offsets, const int *col_indices, const int *weights,
                                   const int *dist_in, int *dist_out, int num_vertices, int infinity)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= num_vertices)
        return;
    int d = dist_out[u];
    if (d == infinity)
        return;
    for (int e = row_offsets[u]; e < row_offsets[u + 1]; e++)
        atomicMin(&dist_out[col_indices[e]], d + weights[e]);
}
