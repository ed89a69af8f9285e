//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: threads t and t + 32 both write s[__brevll(t) >> 59] (bit 5 of t is dropped), with no barrier.
// A bit-reversed gather index computed in 64 bits.
__global__ void bitReverse64(const float *in, float *out)
{
    __shared__ float s[64];
    unsigned long long t = threadIdx.x;
    s[__brevll(t) >> 59] = in[t]; // BUG: 64 values need 6 bits, >> 58
    __syncthreads();
    out[t] = s[t];
}
