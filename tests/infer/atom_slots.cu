// Unique slots: the old value of atomicAdd / atomicSub on an integer
// counter, when used, is a ticket; atomicInc's wraps at its limit, so it
// is a plain unknown; an unused one is still a draw where another ticket draws from
// its counter (it moves the counter up all the same); _block and _system give the scope; a float atomic
// or an amount read from memory gives no ticket.
__global__ void slots(int *wl, unsigned int *n, unsigned int *top, float *acc, const int *deg, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int a = atomicAdd(n, 1u);
    wl[a] = i;
    unsigned int b = atomicAdd(n, (unsigned int)k);
    for (int j = 0; j < k; j++)
        wl[b + j] = i;
    unsigned int c = atomicSub(top, 2u);
    wl[c - 1] = 0;
    unsigned int d = atomicInc(n, 1000u);
    wl[d] = 1;
    atomicAdd(n, 1u);
    atomicAdd_block(n, 1u);
    atomicAdd_system(n, 1u);
    atomicAdd(acc, 1.0f);
    unsigned int e = atomicAdd(n, (unsigned int)deg[i]);
    wl[e] = 2;
}
