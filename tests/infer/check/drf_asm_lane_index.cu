//pass
//--blockDim=32 --gridDim=1
// expect: drf — one warp: %laneid is the thread's index, so A[lane] is a different cell for each thread.
__global__ void k(unsigned *A)
{
    unsigned lane, tid;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    asm volatile("mov.u32 %0, %%tid.x;" : "=r"(tid));
    A[lane] = tid;
}
