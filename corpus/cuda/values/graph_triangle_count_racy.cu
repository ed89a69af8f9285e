//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — tri: tri[x]++ is a plain read-modify-write, and two threads can find the same common neighbour x.
// Triangle counting that credits each common neighbour with a plain increment.
__global__ void count_triangles_plain(const int *row_offsets, const int *col_indices, int num_vertices, int *tri)
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
                tri[x]++;
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
