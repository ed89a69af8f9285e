//pass
//--blockDim=64 --gridDim=4
// expect: drf — a grid-stride loop: each index belongs to one thread of the grid.
__global__ void k(float *A, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        A[i] = 2.0f * A[i];
}
