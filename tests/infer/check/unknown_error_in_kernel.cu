// expect: unknown — TILE is defined nowhere, so the tile's declaration is invalid and clang drops every statement that uses it.
__global__ void k(int *A)
{
    __shared__ int tile[TILE];
    tile[0] = threadIdx.x;
    __syncthreads();
    A[blockIdx.x * blockDim.x + threadIdx.x] = tile[0];
}
