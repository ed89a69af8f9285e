// expect: racy — thread 0 stores the int 1 and thread 1 the float 1.0f in the same bytes of a union: equal numbers, different bits.
union Word { int i; float f; double d; };
__global__ void union_pun_value(int *out)
{
    __shared__ Word w;
    if (threadIdx.x == 0)
        w.i = 1;
    if (threadIdx.x == 1)
        w.f = 1.0f;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = w.i;
}
