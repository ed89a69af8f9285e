//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — out: threads t and t + 32 both write out[(t << 27) >> 27] (bit 5 of t is shifted out).
// Keep the thread number in the top bits of a tag.
__global__ void tags(const int *in, int *out)
{
    unsigned tag = threadIdx.x << 27; // BUG: only 5 bits of the thread survive
    out[tag >> 27] = in[threadIdx.x];
}
