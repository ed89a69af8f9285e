//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: racy — next: each thread also writes next[slot + 1], the slot the following atomicAdd hands to another thread.
// Worklist push that also writes a terminator after its entry: next[slot + 1]
// is the next thread's slot, so two threads write one cell.
__global__ void push_active_terminated(const int *active, int *next, unsigned int *next_size, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n && active[v]) {
        unsigned int slot = atomicAdd(next_size, 1u);
        next[slot] = v;
        next[slot + 1] = -1;
    }
}
