// expect: unknown — mark() recurses and writes through its pointer: the writes past the first call are not followed.
__device__ void mark(int *A, int i)
{
    A[i] = 1;
    if (i > 0)
        mark(A, i - 1);
}

__global__ void k(int *A)
{
    if (threadIdx.x == 0 && blockIdx.x == 0)
        mark(A, 10);
}
