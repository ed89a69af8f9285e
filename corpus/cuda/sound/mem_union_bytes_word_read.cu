//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — pack: thread t < 16 reads pack.w[t] (bytes 4t..4t+3) while threads 4t+1..4t+3 write pack.b[4t+1..4t+3], with no barrier.
// Pack one byte per thread into words.
__global__ void packBytes(const int *in, unsigned *out)
{
    __shared__ union {
        unsigned w[16];
        unsigned char b[64];
    } pack;
    int t = threadIdx.x;
    pack.b[t] = (unsigned char)in[t];
    if (t < 16)
        out[blockIdx.x * 16 + t] = pack.w[t]; // BUG: three other threads' bytes
}
