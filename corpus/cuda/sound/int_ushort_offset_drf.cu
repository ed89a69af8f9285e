//pass
//--blockDim=64 --gridDim=1
// expect: drf — buf: off / 32 is 64t, distinct.
// Spread threads over a tile with a 32-bit offset.
__global__ void spread(const float *in, float *out)
{
    __shared__ float buf[4096];
    int t = threadIdx.x;
    unsigned off = t * 2048;
    buf[off / 32] = in[t];
    __syncthreads();
    out[t] = buf[t * 64];
}
