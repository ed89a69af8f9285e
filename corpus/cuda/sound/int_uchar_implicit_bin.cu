//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — hist: threads t and t + 32 both write hist[bin] ((t * 8) modulo 256), with no barrier.
// One histogram bin per thread, eight apart, addressed by a byte.
__global__ void spreadBins(const int *in, int *out)
{
    __shared__ int hist[512];
    int t = threadIdx.x;
    unsigned char bin = t * 8; // BUG: 64 threads * 8 does not fit in a byte
    hist[bin] = in[t];
    __syncthreads();
    out[t] = hist[8 * (t % 32)];
}
