//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — out: every thread with i >= n-1 writes out[n-1] (the clamped index j), e.g. threads n-1 and n both write out[n-1].
// Surplus threads are clamped onto the last element with ?: instead of
// being masked off with a guard.
__global__ void doubleClamped(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = (i < n) ? i : n - 1;      // BUG: clamp instead of if (i < n)
    out[j] = 2.0f * in[j];
}
