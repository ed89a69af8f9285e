//pass
//--blockDim=64 --gridDim=1
// expect: drf — out: both operands of __umul24 stay below 2^24, where it is a plain product.
__global__ void umul24Index(int *out)
{
    unsigned t = threadIdx.x;
    unsigned a = (t & 31) + (t >> 5) * 32u;
    out[__umul24(a, 2u)] = threadIdx.x;
}
