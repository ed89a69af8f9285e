// expect: drf — the barrier separates the write of s[t] from the read of s[t+1].
__global__ void k(float *out)
{
    __shared__ float s[256];
    s[threadIdx.x] = 1.0f;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}
