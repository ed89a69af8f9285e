//pass
//--blockDim=128 --gridDim=32
// expect: drf — nvcc defines __CUDACC_VER_MAJOR__ (the built-in header says 12): the native double atomicAdd is used, not the fallback that writes without an atomic.
// Code that picks a fallback for old compilers by nvcc's version macros.
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
        atomicAdd(sum, x[i]);
#else
        *sum += x[i];
#endif
    }
}
