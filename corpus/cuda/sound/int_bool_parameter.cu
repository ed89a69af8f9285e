//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1
// expect: racy — s: threads 32, 64 and 96 all write s[32] (slot(t, t & 96) is 32 + t % 32 for every t >= 32), with no barrier.
// Two halves of a table: lower threads fill the first, the others the second.
__device__ int slot(int t, bool upper)
{
    return upper * 32 + t % 32;
}

__global__ void halves(const int *in, int *out)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[slot(t, t & 96)] = in[t]; // BUG: with 128 threads three groups share the upper half
    __syncthreads();
    out[t] = s[t];
}
