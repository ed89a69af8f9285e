//pass
//--blockDim=48 --gridDim=1
// expect: drf — s: (threadIdx.x + 47u) % 48 is a rotation of 0..47, one cell per thread.
__global__ void wrapMod(int *out)
{
    __shared__ int s[48];
    s[(threadIdx.x + 47u) % 48] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x % 48];
}
