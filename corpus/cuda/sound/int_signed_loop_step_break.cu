//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — out: with a negative step every thread walks down past 0 and records itself in out[0] before it breaks.
// Walk a row in strides of 64 * step, stopping at the row's start.
__global__ void walk(int *out, int n, int step)
{
    int t = threadIdx.x;
    for (int i = t; i < n; i += 64 * step) {
        if (i < 0) {
            out[0] = t; // BUG: every thread that walks past the start writes out[0]
            break;
        }
        out[i + 1] = t;
    }
}
