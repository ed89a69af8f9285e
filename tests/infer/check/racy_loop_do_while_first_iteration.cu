// expect: racy — the do-while runs its body once before any test, even when n is 0: then every thread still writes s[0] in the first iteration.
__global__ void k(int *out, int n)
{
    __shared__ int s[256];
    int i = 0;
    do {
        if (n == 0)
            s[0] = threadIdx.x;
    } while (++i < n);
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];
}
