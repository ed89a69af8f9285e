//pass
//--blockDim=256 --gridDim=64
// expect: drf — the adjacency arrays are only read and every per-vertex count is bumped with atomicAdd.
// Triangle counting on a sorted, oriented CSR graph: for each edge (u, v) merge both neighbour lists and credit each common w.
__global__ void count_triangles(const int *row_offsets, const int *col_indices, int num_vertices, int *tri)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= num_vertices)
        return;
    for (int e = row_offsets[u]; e < row_offsets[u + 1]; e++) {
        int v = col_indices[e];
        int a = row_offsets[u], b = row_offsets[v];
        while (a < row_offsets[u + 1] && b < row_offsets[v + 1]) {
            int x = col_indices[a], y = col_indices[b];
            if (x == y) {
                atomicAdd(&tri[x], 1);
                a++;
                b++;
            } else if (x < y) {
                a++;
            } else {
                b++;
            }
        }
    }
}
