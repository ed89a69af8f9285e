//pass
//--blockDim=256 --gridDim=1
// expect: drf — hist: (unsigned short)(2t) is 2t for t < 256, distinct.
// Even bins of a histogram, one per thread, addressed by a 16-bit value.
__global__ void evenBins(const int *in, int *out)
{
    __shared__ int hist[512];
    int t = threadIdx.x;
    hist[(unsigned short)(t * 2)] = in[t];
    __syncthreads();
    out[t] = hist[2 * (t % 128)];
}
