/* a transpose through a shared tile of 64 floats: one thread per cell */
__global__ void shuffle64(float *x)
{
    __shared__ float t[64];
    t[threadIdx.x % 64] = x[blockIdx.x * 64 + threadIdx.x % 64];
    __syncthreads();
    x[blockIdx.x * 64 + threadIdx.x % 64] = t[(threadIdx.x * 8 + threadIdx.x / 8) % 64];
}
