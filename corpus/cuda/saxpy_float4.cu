//pass
//--blockDim=256 --gridDim=64
// expect: drf — each thread loads and stores the whole float4 y[i] for its own i under i < n4, and x is only read.
// Vectorised saxpy: four floats per thread through float4 loads/stores.
__global__ void saxpy4(int n4, float a, const float4 *x, float4 *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        float4 xv = x[i];
        float4 yv = y[i];
        yv.x = a * xv.x + yv.x;
        yv.y = a * xv.y + yv.y;
        yv.z = a * xv.z + yv.z;
        yv.w = a * xv.w + yv.w;
        y[i] = yv;
    }
}
