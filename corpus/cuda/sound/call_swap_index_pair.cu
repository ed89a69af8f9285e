//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: in its second iteration thread t writes s[(t + 1) % 64], which thread t + 1 wrote in its first, with no barrier.
// Alternate between two slots per thread.
__device__ void swap_int(int &a, int &b)
{
    int t = a;
    a = b;
    b = t;
}

__global__ void alternate(const int *in, int *out)
{
    __shared__ int s[128];
    int a = threadIdx.x, b = (threadIdx.x + 1) % 64; // BUG: the second slot is the neighbour's first
    for (int r = 0; r < 2; r++) {
        s[a] = in[r * 64 + threadIdx.x];
        swap_int(a, b);
    }
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + 64];
}
