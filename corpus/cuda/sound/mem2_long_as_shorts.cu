//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — d: thread 16 writes short 16, inside d[4], while thread 4 writes d[4], with no barrier.
// The first threads store 64-bit words, the others clear 16-bit halves of the same buffer.
__global__ void mixedWidths(const long long *in, long long *out)
{
    __shared__ long long d[32];
    short *h = (short *)d;
    int t = threadIdx.x;
    if (t < 16)
        d[t] = in[t];
    else
        h[t] = 0; // BUG: shorts 16..63 are d[4..15]
    __syncthreads();
    out[t] = d[t % 32];
}
