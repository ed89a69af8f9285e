// expect: unknown — fill() has no body here and is handed the shared tile: it may write any of its cells.
extern __device__ void fill(int *tile, int i);

__global__ void k(int *out)
{
    __shared__ int tile[64];
    fill(tile, threadIdx.x);
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = tile[threadIdx.x % 64];
}
