// expect: racy — the int 1 and the float 1.0f stored in a union whose members each cover it whole: equal numbers, different bits.
union Word { int i; float f; };
__global__ void union_whole_pun(int *out)
{
    __shared__ Word w[2];
    if (threadIdx.x == 0)
        w[0].i = 1;
    if (threadIdx.x == 1)
        w[0].f = 1.0f;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = w[threadIdx.x % 2].i;
}
