//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — every thread stores the integral part of its value into whole[0] through modf's pointer argument: a write-write race that only the math function's pointer makes.
// In a template the call modf(x, p) stays dependent; its candidates are the
// math API's, but they take a pointer, through which they write.
template <typename T>
__global__ void splitParts(const T *in, T *frac, T *whole)
{
    int t = threadIdx.x;
    frac[t] = modf(in[t], &whole[0]);
}
