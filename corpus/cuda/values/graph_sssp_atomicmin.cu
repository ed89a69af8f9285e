//pass
//--blockDim=256 --gridDim=64
// expect: drf — distances are read from dist_in, which nobody writes, and only updated in dist_out with atomicMin.
// Double-buffered Bellman-Ford sweep over a CSR graph with classic atomicMin relaxation.
__global__ void sssp_sweep(const int *row_offsets, const int *col_indices, const int *weights,
                           const int *dist_in, int *dist_out, int num_vertices, int infinity)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= num_vertices)
        return;
    int d = dist_in[u];
    if (d == infinity)
        return;
    for (int e = row_offsets[u]; e < row_offsets[u + 1]; e++)
        atomicMin(&dist_out[col_indices[e]], d + weights[e]);
}
