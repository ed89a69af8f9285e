// expect: racy — the twin of benign_float_fraction: thread 0 stores 1.5f, the others an int parameter, which may hold any number, none of them 1.5f.
__global__ void set_scale_from_int(float *scale, int i)
{
    if (threadIdx.x == 0)
        scale[0] = 1.5f;
    else
        scale[0] = i;
}
