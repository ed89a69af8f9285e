// expect: racy — two threads write the same scalar member of a __shared__ struct.
struct Flags { unsigned char lo, hi; };
__global__ void shared_struct_scalars(int *out)
{
    __shared__ Flags f;
    int t = threadIdx.x;
    if (t < 2)
        f.lo = t;
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = f.lo + f.hi;
}
