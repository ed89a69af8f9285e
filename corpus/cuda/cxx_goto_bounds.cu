//pass
//--blockDim=256 --gridDim=64
// expect: drf — threads past n jump to done and skip both writes; the others write y[i] and flags[i], their own cells.
// Early exit written with a forward goto, C style.
__global__ void clampScale(const float *x, float *y, int *flags, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v;
    if (i >= n)
        goto done;
    v = a * x[i];
    if (v > 1.0f) {
        y[i] = 1.0f;
        flags[i] = 1;
        goto done;
    }
    y[i] = v;
    flags[i] = 0;
done:
    return;
}
