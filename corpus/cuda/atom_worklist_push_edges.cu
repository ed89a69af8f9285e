//pass
//--blockDim=128 --gridDim=16
// expect: drf — a vertex reserves deg slots at once with atomicAdd(&size, deg) and writes only [slot, slot + deg) of out.
// Edge expansion: each vertex reserves room for all its neighbours with one
// atomicAdd, then copies its adjacency list into the reserved range.
__global__ void expand_edges(const int *row, const int *col, const int *frontier, int frontier_size,
                             int *out, unsigned int *out_size)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < frontier_size) {
        int v = frontier[i];
        int begin = row[v], deg = row[v + 1] - row[v];
        unsigned int slot = atomicAdd(out_size, (unsigned int)deg);
        for (int j = 0; j < deg; j++)
            out[slot + j] = col[begin + j];
    }
}
// oracle-inputs: zero — the row offsets must increase (a CSR), which no seeded input gives: seed 1's overlap the reserved ranges
