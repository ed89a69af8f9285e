//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: divergent — the __syncthreads() in the loop: rounds() sets n to 1 + (t & 1), so odd threads reach it twice and even threads once.
// A helper decides how many exchange rounds to run.
__device__ void rounds(int &n, int t)
{
    n = 1 + (t & 1); // BUG: the count depends on the thread
}

__global__ void exchange(float *data)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    int n = 1;
    rounds(n, t);
    for (int r = 0; r < n; r++) {
        s[t] = data[t];
        __syncthreads();
        data[t] = s[63 - t];
        __syncthreads();
    }
}
