//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — u: thread 1 writes u.h[1] (bytes 2..3) through a pointer to the union while thread 0 reads u.i[0] (bytes 0..3), with no barrier.
// A shared union reached through a pointer to it: its members are one memory.
union HalfWords { int i[32]; short h[64]; };

__global__ void unionThroughPointer(int *out)
{
    __shared__ HalfWords u;
    HalfWords *p = &u;
    unsigned t = threadIdx.x;
    p->h[t] = (short)t;
    out[t] = p->i[t / 2];
}
