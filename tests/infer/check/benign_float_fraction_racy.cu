// expect: racy — the twin of benign_float_fraction: block 0 stores 1.5f and the others 2.5f into one cell.
__global__ void set_scale_differ(float *scale)
{
    if (blockIdx.x == 0)
        scale[0] = 1.5f;
    else
        scale[0] = 2.5f;
}
