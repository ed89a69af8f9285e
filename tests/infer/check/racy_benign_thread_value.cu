// expect: racy — flag[0] = threadIdx.x: two threads write different values to one cell, a real write-write race.
__global__ void k(int *out)
{
    __shared__ int flag[1];
    flag[0] = threadIdx.x;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = flag[0];
}
