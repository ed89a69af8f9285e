//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: thread t writes s[t / 16][__brev(t % 16) >> 28], the 4 bits of t % 16 reversed within its row.
// Four bit-reversed rows of 16, one per quarter of the block.
__global__ void bitReverseRows(const float *in, float *out)
{
    __shared__ float s[4][16];
    unsigned t = threadIdx.x;
    s[t / 16][__brev(t % 16) >> 28] = in[t];
    __syncthreads();
    out[t] = s[t / 16][t % 16];
}
