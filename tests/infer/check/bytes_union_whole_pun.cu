// expect: drf — the twin of bytes_union_whole_pun_racy: the float goes to the other union cell.
union Word { int i; float f; };
__global__ void union_whole_apart(int *out)
{
    __shared__ Word w[2];
    if (threadIdx.x == 0)
        w[0].i = 1;
    if (threadIdx.x == 1)
        w[1].f = 1.0f;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = w[threadIdx.x % 2].i;
}
