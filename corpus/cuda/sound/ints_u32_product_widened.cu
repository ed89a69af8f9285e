//xfail:NOT_ALL_VERIFIED
//--blockDim=512 --gridDim=1
// expect: racy — out: the 32-bit product t * 16777216u wraps before it is widened to size_t, so threads t and t + 256 write the same cell.
__global__ void widenedProduct(int *out)
{
    unsigned t = threadIdx.x;
    size_t off = t * 16777216u;
    out[off] = threadIdx.x;
}
