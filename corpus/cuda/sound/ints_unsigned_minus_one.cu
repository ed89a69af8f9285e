//xfail:NOT_ALL_VERIFIED
//--blockDim=49 --gridDim=1
// expect: racy — s: (threadIdx.x - 1u) % 48 wraps for thread 0 to 4294967295 % 48 == 15, the cell thread 16 writes.
__global__ void wrapMod(int *out)
{
    __shared__ int s[48];
    s[(threadIdx.x - 1u) % 48] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x % 48];
}
