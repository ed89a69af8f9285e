//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — bump() increments the cell its reference names, s[threadIdx.x / 2], which threads 2k and 2k + 1 share.
// A reference to a shared-memory element, written by a helper.
__device__ void bump(int &cell) { cell += 1; }

__global__ void refCell(int *out)
{
    __shared__ int s[32];
    if (threadIdx.x < 32)
        s[threadIdx.x] = 0;
    __syncthreads();
    bump(s[threadIdx.x / 2]);
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x / 2];
}
