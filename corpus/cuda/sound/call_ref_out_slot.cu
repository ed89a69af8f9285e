//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: threads 2k and 2k + 1 both write s[k] (pick sets slot = t / 2), with no barrier.
// A helper picks each thread's slot.
__device__ void pick(int &slot, int t)
{
    slot = t / 2; // BUG: two threads per slot
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
