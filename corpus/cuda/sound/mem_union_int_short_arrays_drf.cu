//pass
//--blockDim=64 --gridDim=1
// expect: drf — u: u.h[2t] is bytes 4t..4t+1, inside thread t's own u.i[t].
// Write words, read back half-words of the same union.
__global__ void halves(const int *in, short *out)
{
    __shared__ union {
        int i[64];
        short h[128];
    } u;
    int t = threadIdx.x;
    u.i[t] = in[t];
    out[t] = u.h[2 * t]; // the low half of the thread's own word
}
