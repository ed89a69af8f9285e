// expect: drf — reading %laneid touches no memory; the lane is a value, not an index.
__global__ void k(unsigned *A)
{
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    A[blockIdx.x * blockDim.x + threadIdx.x] = lane;
}
