// expect: racy — lo is read from s[0] in the interval where thread 0 writes s[0]: that read races with the write, whatever the loop does.
__global__ void k(int *out, int n)
{
    __shared__ int s[64];
    int lo = 0;
    while (lo < n) {
        if (threadIdx.x == 0)
            s[0] = lo + 1;
        lo = s[0];
        __syncthreads();
        out[blockIdx.x] = lo;
        __syncthreads();
    }
}
