//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: the signed 5-bit b.off holds t - 32 for t in 16..47 (it wraps), so threads 0 and 32 both write s[64].
// A signed offset kept in a bit-field: 5 bits hold -16..15.
struct Rel { int off : 5; };

__global__ void place(int *out)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    Rel b;
    b.off = t; // BUG: 64 threads, 32 values
    s[b.off + 64] = t;
    __syncthreads();
    out[t] = s[t];
}
