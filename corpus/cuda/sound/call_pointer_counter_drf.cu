//pass
//--blockDim=64 --gridDim=1
// expect: drf — buf: thread t writes buf[t] and buf[t + 64].
// A strided loop that advances its counter through a pointer.
__device__ void bump(int *k, int by)
{
    *k += by;
}

__global__ void fill(const int *in, int *out)
{
    __shared__ int buf[128];
    int k = threadIdx.x;
    while (k < 128) {
        buf[k] = in[k];
        bump(&k, blockDim.x);
    }
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x];
}
