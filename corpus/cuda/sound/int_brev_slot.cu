//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: threads t and t + 32 both write s[__brev(t) >> 27] (bit 5 of t is dropped), with no barrier.
// Bit-reversed store for an FFT stage.
__global__ void bitReverse(const float *in, float *out)
{
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    s[__brev(t) >> 27] = in[t]; // BUG: 64 threads need 6 bits, >> 26
    __syncthreads();
    out[t] = s[t];
}
