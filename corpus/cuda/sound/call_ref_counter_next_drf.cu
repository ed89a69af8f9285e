//pass
//--blockDim=64 --gridDim=1
// expect: drf — buf: thread t writes buf[t + 64j], one residue class modulo 64 per thread.
// Strided fill with the stride hidden in a helper.
__device__ void next(int &k)
{
    k += 64;
}

__global__ void fill(const float *in, float *out)
{
    __shared__ float buf[256];
    for (int k = threadIdx.x; k < 256; next(k))
        buf[k] = in[k];
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x * 4];
}
