//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — out: thread t of every block writes out[t] (__umul24 drops bit 24 of the stride).
// Blocks write 2^24-element slices, their offsets taken with the fast multiply.
__global__ void slices(const float *in, float *out)
{
    unsigned base = __umul24(blockIdx.x, 1u << 24); // BUG: only 24 bits are multiplied
    out[base + threadIdx.x] = in[threadIdx.x];
}
