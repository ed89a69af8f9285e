//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — c: thread t reads c[t + 1].v.h[1], the high half of c[t + 1].v.i, while thread t + 1 writes c[t + 1].v.i, with no barrier.
// Tagged cells whose value is an int seen through a union as two shorts.
struct Cell {
    union {
        int i;
        short h[2];
    } v;
    int tag;
};

__global__ void highHalves(const int *in, short *out)
{
    __shared__ Cell c[65];
    int t = threadIdx.x;
    c[t].v.i = in[t];
    c[t].tag = t;
    out[t] = c[t + 1].v.h[1]; // BUG: the next thread's cell, not synchronised
}
