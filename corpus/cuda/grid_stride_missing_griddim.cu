//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — y: thread t of block 0 writes y[t + blockDim.x] in its second iteration while thread t of block 1 writes the same y[t + blockDim.x] in its first; the stride forgets gridDim.x.
// Grid-stride loop with the stride of a single-block loop.
__global__ void scaleWrongStride(int n, float a, const float *x, float *y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x)   // BUG
        y[i] = a * x[i];
}
