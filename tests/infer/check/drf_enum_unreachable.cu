// expect: drf — m is an enum {A, B, C}, so m == 3 never holds and its write of A[0] by every thread never runs.
enum Mode { MA, MB, MC };
__global__ void k(int *A, Mode m)
{
    if (m == 3)
        A[0] = threadIdx.x;
    A[blockIdx.x * blockDim.x + threadIdx.x] = m;
}
