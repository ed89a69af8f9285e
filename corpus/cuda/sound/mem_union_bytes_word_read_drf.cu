//pass
//--blockDim=64 --gridDim=1
// expect: drf — pack: the barrier separates the byte writes from the word reads.
// Pack one byte per thread into words.
__global__ void packBytes(const int *in, unsigned *out)
{
    __shared__ union {
        unsigned w[16];
        unsigned char b[64];
    } pack;
    int t = threadIdx.x;
    pack.b[t] = (unsigned char)in[t];
    __syncthreads();
    if (t < 16)
        out[blockIdx.x * 16 + t] = pack.w[t];
}
