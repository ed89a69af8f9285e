//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — thread i writes z[i] while thread i + 1 reads the same cell as its z[i - 1] for cuCadd, with no ordering.
// Complex numbers of the toolkit's cuComplex.h: a header the front end serves
// itself when it is not found, so the types and functions are known.
#include <cuComplex.h>

__global__ void smoothPhase(cuDoubleComplex *z, double re, double im, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n) {
        cuDoubleComplex w = make_cuDoubleComplex(re, im);
        z[i] = cuCadd(cuCmul(w, z[i]), z[i - 1]);
    }
}
