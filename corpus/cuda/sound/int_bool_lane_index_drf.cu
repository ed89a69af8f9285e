//pass
//--blockDim=64 --gridDim=1
// expect: drf — partial: lane * 16 + t / 4 is a permutation of 0..63.
// Transpose 4-thread groups into four 16-element columns.
__global__ void columns(const float *in, float *out)
{
    __shared__ float partial[64];
    int t = threadIdx.x;
    int lane = t & 3;
    partial[lane * 16 + t / 4] = in[t];
    __syncthreads();
    out[t] = partial[t];
}
