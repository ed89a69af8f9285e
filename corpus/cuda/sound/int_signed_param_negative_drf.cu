//pass
//--blockDim=64 --gridDim=2
// expect: drf — flag: only thread 0 of the launch records a negative shift.
// Shift a row, or flag a shift the caller should not have asked for.
__global__ void shift_row(const float *in, float *out, int *flag, int shift)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (shift < 0) {
        if (i == 0)
            flag[0] = shift;
        return;
    }
    out[i] = in[i + shift];
}
