//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — d: thread 32 writes w[32] (the low half of d[16]) while thread 16 writes d[16], with no barrier.
// The first half of the block stores doubles, the second clears ints.
__global__ void mixed(const double *in, double *out)
{
    __shared__ double d[48];
    int t = threadIdx.x;
    int *w = (int *)d;
    if (t < 32)
        d[t] = in[t];
    else
        w[t] = 0; // BUG: ints 32..63 are d[16..31]
    __syncthreads();
    out[t] = d[t % 48];
}
