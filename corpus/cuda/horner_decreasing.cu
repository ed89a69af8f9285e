//pass
//--blockDim=256 --gridDim=64
// expect: drf — c[0..DEGREE] is written by threads 0..DEGREE before the barrier and only read after it (in a decreasing loop); y[i] is one cell per thread.
// Evaluate a degree-7 polynomial at many points with Horner's rule; the
// coefficients are staged in shared memory.
#define DEGREE 7

__global__ void evalPolynomial(const float *coeffs, const float *x, float *y, int n)
{
    __shared__ float c[DEGREE + 1];
    if (threadIdx.x <= DEGREE)
        c[threadIdx.x] = coeffs[threadIdx.x];
    __syncthreads();

    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float xv = x[i];
        float acc = 0.0f;
        for (int k = DEGREE; k >= 0; --k)
            acc = acc * xv + c[k];
        y[i] = acc;
    }
}
