//pass
//--blockDim=64 --gridDim=1
// expect: drf — W: thread t writes half 2t + 1 through the flat short pointer, the high half of its own word; the reads follow the barrier.
// Tag the high half of each word of an 8x8 table through a flat view of 16-bit halves.
__global__ void tagHalves(const int *in, int *out)
{
    __shared__ int W[8][8];
    int t = threadIdx.x;
    W[t / 8][t % 8] = in[t];
    unsigned short *h = (unsigned short *)&W[0][0];
    h[2 * t + 1] = 0xffff;
    __syncthreads();
    out[t] = W[t / 8][t % 8];
}
