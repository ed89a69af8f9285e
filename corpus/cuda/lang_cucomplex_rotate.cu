//pass
//--blockDim=256 --gridDim=64
// expect: drf — each thread rotates its own z[i] by the phase w (cuComplex.h's cuCmul, cuConj, make_cuDoubleComplex), guarded by i < n.
// Complex numbers of the toolkit's cuComplex.h: a header the front end serves
// itself when it is not found, so the types and functions are known.
#include <cuComplex.h>

__global__ void rotatePhase(cuDoubleComplex *z, cuFloatComplex *zf, double re, double im, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        cuDoubleComplex w = make_cuDoubleComplex(re, im);
        z[i] = cuCmul(cuConj(w), z[i]);
        zf[i] = make_cuFloatComplex((float)cuCreal(z[i]), cuCimagf(zf[i]));
    }
}
