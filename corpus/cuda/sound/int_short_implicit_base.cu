//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
// expect: racy — buf: thread t of block 4 writes buf[(unsigned short)base + t] = buf[t], as thread t of block 0 does.
// Each block owns a 16384-element slice, its base kept in a short.
__global__ void slices(const float *in, float *buf)
{
    short base = blockIdx.x * 16384; // BUG: block 4's base wraps to 0
    int t = threadIdx.x;
    buf[(unsigned short)base + t] = in[blockIdx.x * 64 + t];
}
