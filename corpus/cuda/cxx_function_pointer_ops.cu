//pass
//--blockDim=256 --gridDim=64
// expect: drf — op points at squareAt or negateAt, chosen by a parameter; each writes only v[i], the calling thread's own cell.
// An operation chosen at run time through a pointer to a device function.
__device__ void squareAt(float *v, int i) { v[i] = v[i] * v[i]; }
__device__ void negateAt(float *v, int i) { v[i] = -v[i]; }

__global__ void applyOp(float *v, int which, int n)
{
    void (*op)(float *, int) = which ? squareAt : negateAt;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        op(v, i);
}
