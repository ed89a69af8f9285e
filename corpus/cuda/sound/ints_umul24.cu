//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — out: __umul24 keeps 24 bits of each operand, so t + 16777216 multiplies as t and threads t, t + 32 meet.
__global__ void umul24Index(int *out)
{
    unsigned t = threadIdx.x;
    unsigned a = (t & 31) + (t >> 5) * 16777216u;
    out[__umul24(a, 2u)] = threadIdx.x;
}
