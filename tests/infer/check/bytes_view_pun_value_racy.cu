// expect: racy — thread 0 stores 1.0f into a float cell and thread 1 the int 1 through an int view of it: equal numbers, different bits.
__global__ void view_pun_value(float *out)
{
    __shared__ float F[4];
    if (threadIdx.x == 0)
        F[0] = 1.0f;
    if (threadIdx.x == 1)
        *(int *)&F[0] = 1;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = F[threadIdx.x % 4];
}
