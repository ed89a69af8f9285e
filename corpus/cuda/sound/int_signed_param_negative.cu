//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — flag: a negative shift is an int below zero, so every thread of the launch records its own index in flag[0].
// Shift a row, or flag a shift the caller should not have asked for.
__global__ void shift_row(const float *in, float *out, int *flag, int shift)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (shift < 0) {
        flag[0] = i; // BUG: every thread writes flag[0]
        return;
    }
    out[i] = in[i + shift];
}
