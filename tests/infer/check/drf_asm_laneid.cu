//pass
//--blockDim=64 --gridDim=4
// expect: drf — reading %laneid touches no memory, and the lane is only the value written (the lane is computed from the whole block, so a 2-D block, where two rows write one cell, would race).
__global__ void k(unsigned *A)
{
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    A[blockIdx.x * blockDim.x + threadIdx.x] = lane;
}
