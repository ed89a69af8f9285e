//pass
//--blockDim=256 --gridDim=64
// expect: drf — the stride passes * blockDim.x * gridDim.x is 0 when passes is 0 (the loop then keeps writing the thread's first cell), otherwise a whole grid: in both cases each cell y[i] is one thread's; the loop has no barrier, so it needs no proof that it ends.
// A grid-stride loop whose stride is a multiple given by the caller; a
// stride of 0 would never end, but only the cells it touches matter.
__global__ void scaleStrided(float *y, float a, int n, int passes)
{
    int stride = passes * blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        y[i] = a * y[i];
}
