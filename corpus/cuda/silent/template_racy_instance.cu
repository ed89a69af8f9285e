//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — the instantiation with STRIDE = 1 writes s[threadIdx.x / 2], the same cell for threads 2k and 2k + 1 (STRIDE = 2 writes distinct cells).
// A kernel template: one of its two explicit instantiations is racy.
template <int STRIDE>
__global__ void strided(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x * STRIDE / 2] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
template __global__ void strided<1>(int *);
template __global__ void strided<2>(int *);
