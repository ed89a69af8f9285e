//pass
//--blockDim=512 --gridDim=1
// expect: drf — out: the product is widened to size_t before it is taken, so it never wraps and every thread has its own cell.
__global__ void widenedProduct(int *out)
{
    unsigned t = threadIdx.x;
    size_t off = (size_t)t * 16777216u;
    out[off] = threadIdx.x;
}
