//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — buf: the stride 264 reaches the helper as an unsigned char, 8, so thread t writes buf[t + 8] in its second iteration while thread t + 8 writes it in its first.
// A strided fill whose helper takes its stride as a byte.
__device__ void bump(int *k, unsigned char by)
{
    *k += by;
}

__global__ void fill(const int *in, int *out)
{
    __shared__ int buf[512];
    int k = threadIdx.x;
    while (k < 512) {
        buf[k] = in[k];
        bump(&k, 264); // BUG: 264 does not fit in a byte
    }
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x];
}
