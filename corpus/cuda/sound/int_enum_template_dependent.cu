//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — out: LIMIT is 2 * B, so for any B > 0 the threads below it all write out[0].
// A limit named by an enumerator of the kernel template: clang leaves its value uncomputed in the pattern.
template <int B>
__global__ void clampFirst(int *out)
{
    enum { LIMIT = B * 2 };
    if (threadIdx.x < LIMIT)
        out[0] = threadIdx.x; // BUG: every thread below LIMIT writes out[0]
}
