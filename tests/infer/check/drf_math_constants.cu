// expect: drf — <cfloat>/<climits> limits, math_constants.h's CUDART_* and the generated math API (isnan, hypotf, __ballot_sync) are all declared: each thread writes a[i] only.
__global__ void k(float *a, double *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && a[i] > FLT_EPSILON && b[i] < DBL_MAX && n < INT_MAX && i < LLONG_MAX)
        a[i] = CUDART_PI_F * CUDART_INF_F + (float)CUDART_SQRT_HALF + __ballot_sync(0xffffffffu, 1) + isnan(a[i]) + hypotf(1.f, 2.f);
}
