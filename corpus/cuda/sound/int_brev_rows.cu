//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: threads t and t + 8 of one row both write s[t / 16][__brev(t % 16) >> 29] (bit 3 of t % 16 is dropped), with no barrier.
// Four bit-reversed rows of 16, one per quarter of the block.
__global__ void bitReverseRows(const float *in, float *out)
{
    __shared__ float s[4][16];
    unsigned t = threadIdx.x;
    s[t / 16][__brev(t % 16) >> 29] = in[t]; // BUG: a row of 16 needs 4 bits, >> 28
    __syncthreads();
    out[t] = s[t / 16][t % 16];
}
