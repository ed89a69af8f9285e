//pass
//--blockDim=64 --gridDim=1
// expect: drf — hist: bin is 8t, distinct per thread; the reads follow the barrier.
// One histogram bin per thread, eight apart, addressed by a 16-bit value.
__global__ void spreadBins(const int *in, int *out)
{
    __shared__ int hist[512];
    int t = threadIdx.x;
    unsigned short bin = t * 8;
    hist[bin] = in[t];
    __syncthreads();
    out[t] = hist[8 * (t % 32)];
}
