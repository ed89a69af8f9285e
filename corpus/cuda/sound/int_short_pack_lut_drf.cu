//pass
//--blockDim=512 --gridDim=1
// expect: drf — lut: packed / 256 is t, one cell per thread; the reads follow the barrier.
// Pack a thread's row into the high bits of an int, unpack it to index a table.
__global__ void packRows(const float *in, float *out)
{
    __shared__ float lut[512];
    int t = threadIdx.x;
    int packed = t * 256;
    lut[(unsigned)packed / 256] = in[t];
    __syncthreads();
    out[t] = lut[t];
}
