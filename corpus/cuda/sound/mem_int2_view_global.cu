//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — out: thread i writes out[2i + 2] while thread i + 1 writes ((int2 *)out)[i + 1] (out[2i+2..2i+3]).
// Store a pair per thread, then bump the element after it.
__global__ void pairs(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    ((int2 *)out)[i] = make_int2(in[i], -in[i]);
    out[2 * i + 2] = 0; // BUG: the next thread's pair
}
