//pass
//--blockDim=256 --gridDim=64
// expect: drf — rounding-mode intrinsics and double math only produce values; each thread reads a[i], b[i] and writes c[i].
// Double-precision arithmetic with explicit rounding modes and special
// functions.
__global__ void roundedFma(const double *a, const double *b, double *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double x = __fma_rn(a[i], b[i], 1.0);
        double y = __dadd_rz(x, __dmul_ru(a[i], 2.0));
        c[i] = y + rhypot(a[i], b[i]) + j0(x) + normcdfinv(0.25) + (double)__double2float_rd(y);
    }
}
