//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — W: thread 7 writes half 16 through the flat short pointer, the low half of W[1][0], while thread 8 writes W[1][0] whole, with no barrier.
// Tag the high half of each word of an 8x8 table through a flat view of 16-bit halves.
__global__ void tagHalves(const int *in, int *out)
{
    __shared__ int W[8][8];
    int t = threadIdx.x;
    W[t / 8][t % 8] = in[t];
    unsigned short *h = (unsigned short *)&W[0][0];
    h[2 * t + 2] = 0xffff; // BUG: the low half of the next thread's word
    __syncthreads();
    out[t] = W[t / 8][t % 8];
}
