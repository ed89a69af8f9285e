//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — threads write 1 or 2 to *flag, as their data says: two threads may store different values in flag[0].
// rw_float_flag_same_literal.cu with a flag that says which way a value failed.
__global__ void apply_log(float *v, float *flag, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        if (v[i] < 0) {
            *flag = 1;
            return;
        }
        if (v[i] == 0) {
            *flag = 2.0f;
            return;
        }
        v[i] = logf(v[i]);
    }
}
