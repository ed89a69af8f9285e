// expect: divergent — with a barrier in it, a loop must end: a step k that may be 0 is still reported (an ill-formed loop exits 3).
__global__ void k(float *y, int n, int k)
{
    __shared__ float s[256];
    for (int i = 0; i < n; i += k) {
        s[threadIdx.x] = y[i];
        __syncthreads();
    }
}
