// expect: racy — %laneid repeats in every warp and every block: thread 0 of two blocks both write A[0].
__global__ void k(unsigned *A)
{
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    A[lane] = blockIdx.x * blockDim.x + threadIdx.x; // each thread its own value: not a benign same-value write
}
