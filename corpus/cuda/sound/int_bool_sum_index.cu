//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: threads 1 and 2 both write s[1] (0 + 1 + 0 and 0 + 0 + true), with no barrier.
// Rebuild t from its bits, with bit 1 kept in a bool.
__global__ void rebuild(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    bool b = t & 2; // BUG: true is 1, not 2
    s[(t / 4) * 4 + (t & 1) + b] = in[t];
    __syncthreads();
    out[t] = s[t];
}
