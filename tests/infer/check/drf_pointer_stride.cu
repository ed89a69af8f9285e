//pass
//--blockDim=64 --gridDim=8
// expect: drf — each block walks its own n rows through p += blockDim.x; the pointer's offset is a closed form of the iteration.
__global__ void k(float *A, int n)
{
    float *p = A + blockIdx.x * blockDim.x * n;
    for (int r = 0; r < n; r++) {
        p[threadIdx.x] = 0.0f;
        p += blockDim.x;
    }
}
