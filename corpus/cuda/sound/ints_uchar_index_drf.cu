//pass
//--blockDim=256 --gridDim=1
// expect: drf — s: with 256 threads (unsigned char)threadIdx.x is threadIdx.x itself.
__global__ void ucharIndex(int *out)
{
    __shared__ int s[256];
    s[(unsigned char)threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x % 256];
}
