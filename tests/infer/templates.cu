// Template parameters are unknown uniform values.
template <int TILE, typename T>
__global__ void scale(T *A)
{
    __shared__ T buf[256];
    buf[threadIdx.x] = A[blockIdx.x * TILE + threadIdx.x];
    __syncthreads();
    A[blockIdx.x * TILE + threadIdx.x] = buf[TILE - 1 - threadIdx.x];
}
