//xfail:NOT_ALL_VERIFIED
//--blockDim=512 --gridDim=1
// expect: racy — lut: threads t and t + 256 both write lut[t] ((short)(t * 256) wraps modulo 2^16).
// Pack a thread's row into the high byte of a short, unpack it to index a table.
__global__ void packRows(const float *in, float *out)
{
    __shared__ float lut[512];
    int t = threadIdx.x;
    short packed = (short)(t * 256); // BUG: only 8 bits of t survive
    lut[(unsigned short)packed / 256] = in[t];
    __syncthreads();
    out[t] = lut[t];
}
