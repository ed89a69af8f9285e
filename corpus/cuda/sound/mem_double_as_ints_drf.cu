//pass
//--blockDim=64 --gridDim=1
// expect: drf — d: threads 0..31 write d[0..31] and threads 32..63 ints 64..95 (d[32..47]).
// The first half of the block stores doubles, the second clears ints.
__global__ void mixed(const double *in, double *out)
{
    __shared__ double d[48];
    int t = threadIdx.x;
    int *w = (int *)d;
    if (t < 32)
        d[t] = in[t];
    else
        w[t + 32] = 0; // ints 64..95 are d[32..47]
    __syncthreads();
    out[t] = d[t % 48];
}
