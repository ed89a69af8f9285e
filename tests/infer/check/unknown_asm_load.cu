// expect: unknown — the inline assembly loads from memory, which the protocol cannot follow.
__global__ void k(int *A)
{
    int v;
    asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(A + threadIdx.x));
    A[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
