//pass
//--blockDim=256 --gridDim=64
// expect: drf — each thread of the grid-stride loop reads in[i] and writes out[i] and grad[i] of its own i; log, exp and pow over the template's type are CUDA's math functions, values only.
// A softplus layer written once for float and double: the calls to the
// math API take an argument of the template's type, so in the kernel's
// pattern they stay dependent (their overloads are resolved only when the
// kernel is instantiated).
template <typename Real>
__global__ void softplusForward(int n, const Real *in, Real *out, Real *grad, Real beta)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        Real x = in[i] * beta;
        Real y = x > Real(0) ? x + log(Real(1) + exp(-x)) : log(Real(1) + exp(x));
        out[i] = y / beta;
        grad[i] = Real(1) - pow(exp(-y), beta);
    }
}
