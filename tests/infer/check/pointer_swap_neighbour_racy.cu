// expect: racy — src and dst swap arrays every iteration: in round 1 thread i + 1 writes a[i + 1], which thread i read in round 0, with no barrier.
__global__ void k(float *a, float *b, int n)
{
    float *src = a, *dst = b;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int it = 0; it < n; it++) {
        dst[i] = src[i + 1] * 0.5f;
        float *t = src;
        src = dst;
        dst = t;
    }
}
