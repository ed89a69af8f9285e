//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — v: when op is smoothAt, thread i reads v[i + 1] while thread i + 1 writes v[i + 1] (through either target).
// One of the possible targets of the function pointer reads a neighbour.
__device__ void negateAt(float *v, int i, int n) { v[i] = -v[i]; }
__device__ void smoothAt(float *v, int i, int n) { v[i] = 0.5f * (v[i] + (i + 1 < n ? v[i + 1] : 0.0f)); }

__global__ void applyOp(float *v, int which, int n)
{
    void (*op)(float *, int, int) = which ? smoothAt : negateAt;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        op(v, i, n);
}
