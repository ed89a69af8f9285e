// expect: unknown — src and dst swap arrays every iteration: which array an access reaches is not tracked.
__global__ void k(float *a, float *b, int n)
{
    float *src = a, *dst = b;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int it = 0; it < n; it++) {
        dst[i] = src[i] * 0.5f;
        float *t = src;
        src = dst;
        dst = t;
    }
}
