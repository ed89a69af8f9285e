//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — the loop strides by blockDim.x only, so blocks b and b + 1 both reach out[i] for i = (b + 1) * 256 + t: write-write race on out between blocks.
// The softplus layer of rw_dependent_math_softplus.cu with the grid-stride
// loop's stride forgotten: log and exp over the template's type still
// stay dependent calls, and they are values only.
template <typename Real>
__global__ void softplusForward(int n, const Real *in, Real *out, Real beta)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x) {
        Real x = in[i] * beta;
        Real y = x > Real(0) ? x + log(Real(1) + exp(-x)) : log(Real(1) + exp(x));
        out[i] = y / beta;
    }
}
