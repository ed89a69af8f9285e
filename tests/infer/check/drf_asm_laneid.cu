// expect: drf — reading %laneid touches no memory, and the lane is only the value written.
__global__ void k(unsigned *A)
{
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    A[blockIdx.x * blockDim.x + threadIdx.x] = lane;
}
