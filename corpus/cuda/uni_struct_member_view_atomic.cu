//pass
//--blockDim=128 --gridDim=32
// expect: drf — the 64-bit atomicAdd through (unsigned long long *)&l->narcs_end touches that int2 member only: l->limit, which bounds the loop with the barrier, is never written, so the block shares it.
// Per-lane counters: a packed pair bumped by one 64-bit atomic per step.
struct Lane {
    int2 narcs_end;
    int limit;
    int pad;
};

__global__ void bump(Lane *lanes)
{
    Lane *l = &lanes[blockIdx.x];
    int limit = l->limit;
    for (int s = 0; s < limit; s++) {
        if (threadIdx.x == 0)
            atomicAdd((unsigned long long *)&l->narcs_end, 1ull);
        __syncthreads();
    }
}
