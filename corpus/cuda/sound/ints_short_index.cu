//xfail:NOT_ALL_VERIFIED
//--blockDim=512 --gridDim=1
// expect: racy — out: (short)(t * 256) wraps modulo 2^16, so threads t and t + 256 write the same cell.
__global__ void shortIndex(int *out)
{
    unsigned t = threadIdx.x;
    short k = (short)(t * 256);
    out[k + 32768] = threadIdx.x;
}
