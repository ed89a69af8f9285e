//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — u: thread t reads u.h[t] (bytes 2t..2t+1, inside u.i[t / 2]) while thread t / 2 writes u.i[t / 2], with no barrier.
// Write words, read back half-words of the same union.
__global__ void halves(const int *in, short *out)
{
    __shared__ union {
        int i[64];
        short h[128];
    } u;
    int t = threadIdx.x;
    u.i[t] = in[t];
    out[t] = u.h[t]; // BUG: h[t] is half of i[t / 2]
}
