//pass
//--blockDim=256 --gridDim=64
// expect: drf — each thread reads x[i] and reads and writes its own y[i], i = blockIdx.x*blockDim.x+threadIdx.x, under i < n.
// Single-precision a*x + y.
__global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}
