//pass
//--blockDim=64 --gridDim=1
// expect: drf — out: a thread that walks past the start records itself in its own cell below the row.
// Walk a row in strides of 64 * step, stopping at the row's start.
__global__ void walk(int *out, int n, int step)
{
    int t = threadIdx.x;
    for (int i = t; i < n; i += 64 * step) {
        if (i < 0) {
            out[t] = t;
            break;
        }
        out[64 + i] = t;
    }
}
