// Compiled only as part of main.cu, which defines TILE first.
__global__ void fill(int *out)
{
    out[blockIdx.x * TILE + threadIdx.x] = threadIdx.x;
}
