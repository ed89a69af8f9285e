//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: __brevll(t) >> 58 reverses the 6 bits of t, a permutation of 0..63.
// A bit-reversed gather index computed in 64 bits.
__global__ void bitReverse64(const float *in, float *out)
{
    __shared__ float s[64];
    unsigned long long t = threadIdx.x;
    s[__brevll(t) >> 58] = in[t];
    __syncthreads();
    out[t] = s[t];
}
