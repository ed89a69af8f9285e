// expect: drf — the twin of bytes_view_pun_value_racy: both threads store zero, the same bits as a float and as an int.
__global__ void view_pun_zero(float *out)
{
    __shared__ float F[4];
    if (threadIdx.x == 0)
        F[0] = 0.0f;
    if (threadIdx.x == 1)
        *(int *)&F[0] = 0;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = F[threadIdx.x % 4];
}
