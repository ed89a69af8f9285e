//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: slot = 63 - t is distinct per thread.
// A helper picks each thread's slot.
__device__ void pick(int &slot, int t)
{
    slot = 63 - t;
}

__global__ void place(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    int slot = t;
    pick(slot, t);
    s[slot] = in[t];
    __syncthreads();
    out[t] = s[t];
}
