//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: thread t writes s[t] and s[t + 64] only.
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
    int a = threadIdx.x, b = threadIdx.x + 64;
    for (int r = 0; r < 2; r++) {
        s[a] = in[r * 64 + threadIdx.x];
        swap_int(a, b);
    }
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + 64];
}
