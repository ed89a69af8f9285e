//pass
//--blockDim=256 --gridDim=64
// expect: drf — every thread that finds a negative value writes the same constant 1 to the float *flag: a benign write-write race (a note; --strict-writes reports it).
// Taking logs in place and flagging negative inputs, as a float flag.
__global__ void apply_log(float *v, float *flag, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        if (v[i] < 0) {
            *flag = 1;
            return;
        }
        v[i] = logf(v[i]);
    }
}
