//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: __brev(t) >> 26 reverses the 6 bits of t, a permutation of 0..63.
// Bit-reversed store for an FFT stage.
__global__ void bitReverse(const float *in, float *out)
{
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    s[__brev(t) >> 26] = in[t];
    __syncthreads();
    out[t] = s[t];
}
