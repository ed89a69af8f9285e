//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — next_size: the plain read int slot = *next_size races with another thread's atomicAdd(next_size, 1).
// k-core peeling round that reads the frontier size plainly before bumping it with atomicAdd.
__global__ void kcore_peel_plain_size(const int *row_offsets, const int *col_indices, const int *frontier,
                                      int frontier_size, int *degree, int *next, int *next_size, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= frontier_size)
        return;
    int u = frontier[i];
    for (int e = row_offsets[u]; e < row_offsets[u + 1]; e++) {
        int v = col_indices[e];
        int old = atomicSub(&degree[v], 1);
        if (old == k) {
            int slot = *next_size;
            atomicAdd(next_size, 1);
            next[slot] = v;
        }
    }
}
