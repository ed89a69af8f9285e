// expect: drf — src and dst swap arrays every iteration (ping-pong: one body per parity): each thread reads and writes only its own cell i of a and b.
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
