//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — u: the helper writes u.h[t] through its pointer parameter while thread 0 reads u.i[0], bytes thread 1's halfword shares, with no barrier.
// A shared union handed to a helper by pointer: the helper's member writes are bytes of the union.
union HalfWords { int i[32]; short h[64]; };

__device__ void storeHalf(HalfWords *p, unsigned t)
{
    p->h[t] = (short)t;
}

__global__ void unionHelperPointer(int *out)
{
    __shared__ HalfWords u;
    unsigned t = threadIdx.x;
    storeHalf(&u, t);
    out[t] = u.i[t / 2];
}
