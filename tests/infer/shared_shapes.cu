// extern __shared__, two dimensions, a shared scalar.
__global__ void shapes(float *out)
{
    extern __shared__ float dyn[];
    __shared__ float tile[16][17];
    __shared__ int flag;
    if (threadIdx.x == 0 && threadIdx.y == 0)
        flag = 1;
    tile[threadIdx.y][threadIdx.x] = dyn[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x][threadIdx.y] + flag;
}
