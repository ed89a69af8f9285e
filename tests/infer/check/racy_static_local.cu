// expect: racy — a `static` variable of a device function is one copy for the whole grid: every thread's ++c races.
__device__ int next_ticket()
{
    static int c;
    return ++c;
}

__global__ void k(int *A)
{
    int t = next_ticket();
    A[blockIdx.x * blockDim.x + threadIdx.x] = t;
}
