//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — buf: threads t and t + 32 both write buf[(unsigned short)(2048 t) / 32], with no barrier.
// Spread threads over a tile with a 16-bit offset.
__global__ void spread(const float *in, float *out)
{
    __shared__ float buf[4096];
    int t = threadIdx.x;
    unsigned short off = t * 2048; // BUG: 32 * 2048 = 65536 wraps to 0
    buf[off / 32] = in[t];
    __syncthreads();
    out[t] = buf[t * 64];
}
