//pass
//--blockDim=64 --gridDim=16
// expect: drf — thread t writes tiles.re[t] and tiles.im[t], the barrier follows, then it reads tiles.re[63 - t] and tiles.im[63 - t] and writes its own out[blockIdx.x * 64 + t].
// Reversing complex samples through a shared struct of two arrays, one
// per component, as signal-processing codes group their buffers: each
// array member is its own shared array, so distinct threads' cells do
// not conflict.
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
    __syncthreads();
    out[i] = make_float2(tiles.re[63 - threadIdx.x], tiles.im[63 - threadIdx.x]);
}
