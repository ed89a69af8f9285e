// expect: racy — m == 2 is the enumerator MC, so every thread may write A[0].
enum Mode { MA, MB, MC };
__global__ void k(int *A, Mode m)
{
    if (m == 2)
        A[0] = threadIdx.x;
    A[blockIdx.x * blockDim.x + threadIdx.x] = m;
}
