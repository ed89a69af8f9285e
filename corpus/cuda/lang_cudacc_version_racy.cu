//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=32
// expect: racy — the compiler is new enough, and the code for it adds to *sum without an atomic: every thread writes sum[0].
// lang_cudacc_version.cu with the branches swapped.
#if defined(__CUDACC_VER_MAJOR__) && __CUDACC_VER_MAJOR__ >= 8
#define HAVE_NATIVE_DOUBLE_ADD 1
#else
#define HAVE_NATIVE_DOUBLE_ADD 0
#endif

__global__ void accumulate(double *sum, const double *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
#if HAVE_NATIVE_DOUBLE_ADD
        *sum += x[i];
#else
        atomicAdd(sum, x[i]);
#endif
    }
}
