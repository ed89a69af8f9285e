//pass
//--blockDim=64 --gridDim=1
// expect: drf — buf: the stride 320 fits the helper's unsigned short, so thread t writes buf[t] and buf[t + 320] only.
// A strided fill whose helper takes its stride as a short.
__device__ void bump(int *k, unsigned short by)
{
    *k += by;
}

__global__ void fill(const int *in, int *out)
{
    __shared__ int buf[512];
    int k = threadIdx.x;
    while (k < 512) {
        buf[k] = in[k];
        bump(&k, 320);
    }
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x];
}
