//pass
//--blockDim=64 --gridDim=1
// expect: drf — d: threads 0..15 write d[0..15]; threads 16..63 shorts 80..127, which are d[20..31].
// The first threads store 64-bit words, the others clear 16-bit halves of the same buffer.
__global__ void mixedWidths(const long long *in, long long *out)
{
    __shared__ long long d[32];
    short *h = (short *)d;
    int t = threadIdx.x;
    if (t < 16)
        d[t] = in[t];
    else
        h[t + 64] = 0;
    __syncthreads();
    out[t] = d[t % 32];
}
