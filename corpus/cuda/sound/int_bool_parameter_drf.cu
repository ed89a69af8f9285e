//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: with 64 threads slot(t, t & 96) is t.
// Two halves of a table: lower threads fill the first, the others the second.
__device__ int slot(int t, bool upper)
{
    return upper * 32 + t % 32;
}

__global__ void halves(const int *in, int *out)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[slot(t, t & 96)] = in[t];
    __syncthreads();
    out[t] = s[t];
}
