// expect: racy — the lane is an unknown written by asm; used as the only index, two threads may write one cell.
__global__ void k(unsigned *A)
{
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    A[lane] = 1;
}
