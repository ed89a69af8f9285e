//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=16
// expect: racy — tiles.re: with the barrier gone, thread t writes tiles.re[t] while thread 63 - t reads it.
// Reversing complex samples through a shared struct of two arrays, one
// per component, as signal-processing codes group their buffers: each
// array member is its own shared array, so distinct threads' cells do
// not conflict.  The barrier between the writes and the reads is missing.
struct ComplexTile {
    float re[64];
    float im[64];
};

__global__ void reverseComplex(const float2 *in, float2 *out)
{
    __shared__ ComplexTile tiles;
    int i = blockIdx.x * 64 + threadIdx.x;
    float2 v = in[i];
    tiles.re[threadIdx.x] = v.x;
    tiles.im[threadIdx.x] = v.y;
    out[i] = make_float2(tiles.re[63 - threadIdx.x], tiles.im[63 - threadIdx.x]);
}
