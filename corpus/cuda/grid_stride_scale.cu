//pass
//--blockDim=256 --gridDim=64
// expect: drf — thread g of the grid visits i = g, g + T, g + 2T, ... with T = blockDim.x*gridDim.x, so the y[i] written by distinct threads are distinct.
// Grid-stride loop: any grid size covers any n.
__global__ void scaleGridStride(int n, float a, const float *x, float *y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i];
}
