//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — out: a bool holds 0 or 1, so every odd thread writes out[1] and every even one out[0].
__global__ void boolIndex(int *out)
{
    bool odd = threadIdx.x & 1;
    out[odd] = threadIdx.x;
}
