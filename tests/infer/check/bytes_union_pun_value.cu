// expect: drf — the twin of bytes_union_pun_value_racy: both threads store zero in the first four bytes, the same bits as an int and as a float.
union Word { int i; float f; double d; };
__global__ void union_pun_zero(int *out)
{
    __shared__ Word w;
    if (threadIdx.x == 0)
        w.i = 0;
    if (threadIdx.x == 1)
        w.f = 0.0f;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = w.i;
}
