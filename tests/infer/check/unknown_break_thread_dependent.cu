// expect: unknown — thread k leaves the loop in iteration k and misses the barriers of the later iterations: a divergence the protocol cannot say.
__global__ void k(int *A, int n)
{
    __shared__ int s[256];
    for (int i = 0; i < n; i++) {
        __syncthreads();
        s[threadIdx.x] = i;
        if (threadIdx.x == i)
            break;
    }
}
