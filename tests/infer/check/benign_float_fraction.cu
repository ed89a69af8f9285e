// expect: drf — every thread stores the same fractional constants (1.5f, -0.25f, a double 0.5, a cast of a constant) into one cell each: equal bits, a benign same-value write.
__global__ void set_scale(float *scale, double *half, float *neg)
{
    scale[0] = 1.5f;
    half[0] = 0.5;
    neg[blockIdx.x] = (float)-0.25;
}
