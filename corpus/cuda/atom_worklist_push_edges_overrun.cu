//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: racy — out: the loop runs to j <= deg, so a vertex writes out[slot + deg], the first slot another vertex reserved.
// Edge expansion with an off-by-one loop bound: one write past the reserved range.
__global__ void expand_edges_overrun(const int *row, const int *col, const int *frontier, int frontier_size,
                                     int *out, unsigned int *out_size)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < frontier_size) {
        int v = frontier[i];
        int begin = row[v], deg = row[v + 1] - row[v];
        unsigned int slot = atomicAdd(out_size, (unsigned int)deg);
        for (int j = 0; j <= deg; j++)
            out[slot + j] = col[begin + j];
    }
}
