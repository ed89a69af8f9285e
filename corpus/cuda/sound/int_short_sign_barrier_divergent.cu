//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1
// expect: divergent — the __syncthreads() under key >= 0: (short)(t * 256) is negative for t >= 128, so the upper half of the block skips it.
// A reversal guarded by a sign test on a packed key.
__global__ void reverseHalf(float *data)
{
    __shared__ float s[256];
    int t = threadIdx.x;
    s[t] = data[t];
    short key = (short)(t * 256);
    if (key >= 0) { // BUG: only 8 bits of t fit beside the sign
        __syncthreads();
        data[t] = s[255 - t];
    }
}
