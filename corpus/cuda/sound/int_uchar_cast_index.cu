//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1
// expect: racy — hist: threads t and t + 128 both write hist[(unsigned char)(2t)], with no barrier.
// Even bins of a histogram, one per thread, addressed by a byte.
__global__ void evenBins(const int *in, int *out)
{
    __shared__ int hist[512];
    int t = threadIdx.x;
    hist[(unsigned char)(t * 2)] = in[t]; // BUG: the byte wraps at t = 128
    __syncthreads();
    out[t] = hist[2 * (t % 128)];
}
