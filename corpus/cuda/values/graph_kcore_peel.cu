//pass
//--blockDim=256 --gridDim=64
// expect: drf — degree is only changed by atomicSub, and a vertex enters the next frontier at a slot handed out by atomicAdd on next_size.
// k-core peeling round: removed vertices decrement their neighbours' degrees; a neighbour dropping below k joins the next frontier.
__global__ void kcore_peel(const int *row_offsets, const int *col_indices, const int *frontier, int frontier_size,
                           int *degree, int *next, int *next_size, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= frontier_size)
        return;
    int u = frontier[i];
    for (int e = row_offsets[u]; e < row_offsets[u + 1]; e++) {
        int v = col_indices[e];
        int old = atomicSub(&degree[v], 1);
        if (old == k) {
            int slot = atomicAdd(next_size, 1);
            next[slot] = v;
        }
    }
}
