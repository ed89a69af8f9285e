//pass
//--blockDim=128 --gridDim=16
// expect: drf — each active vertex gets its own slot of next from atomicAdd on the queue size, so the writes to next never meet.
// Worklist push: threads whose vertex is still active append it to the next
// worklist; atomicAdd on the shared tail hands every thread a distinct slot.
__global__ void push_active(const int *active, int *next, unsigned int *next_size, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n && active[v]) {
        unsigned int slot = atomicAdd(next_size, 1u);
        next[slot] = v;
    }
}
