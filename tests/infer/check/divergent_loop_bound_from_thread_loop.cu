// expect: divergent — t is computed by a loop from threadIdx.x, so its value after the loop differs between threads and the barrier loop bounded by it diverges.
__global__ void k(int *out, int n)
{
    __shared__ int s[256];
    int t = threadIdx.x;
    while (t < n)
        t += 64;
    for (int l = 0; l < t; l++) {
        s[threadIdx.x] = l;
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];
}
