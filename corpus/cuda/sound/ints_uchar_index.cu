//xfail:NOT_ALL_VERIFIED
//--blockDim=512 --gridDim=1
// expect: racy — s: (unsigned char)threadIdx.x keeps 8 bits, so threads t and t + 256 write one cell.
__global__ void ucharIndex(int *out)
{
    __shared__ int s[256];
    s[(unsigned char)threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x % 256];
}
