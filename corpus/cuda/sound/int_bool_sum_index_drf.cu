//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: (t / 4) * 4 + (t & 1) + (t & 2) is t.
// Rebuild t from its bits.
__global__ void rebuild(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    int b = t & 2;
    s[(t / 4) * 4 + (t & 1) + b] = in[t];
    __syncthreads();
    out[t] = s[t];
}
