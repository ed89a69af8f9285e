//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — the only __syncthreads() is inside if (threadIdx.x < RADIUS), reached by threads 0..2 and skipped by threads 3..255.
// 1-D halo stencil whose barrier ended up inside the halo-loading branch.
#define RADIUS 3
#define BLOCK_SIZE 256

__global__ void stencil1dSyncInHalo(const int *in, int *out)
{
    __shared__ int temp[BLOCK_SIZE + 2 * RADIUS];
    int gindex = threadIdx.x + blockIdx.x * blockDim.x;
    int lindex = threadIdx.x + RADIUS;

    temp[lindex] = in[gindex + RADIUS];
    if (threadIdx.x < RADIUS) {
        temp[lindex - RADIUS] = in[gindex];
        temp[lindex + BLOCK_SIZE] = in[gindex + RADIUS + BLOCK_SIZE];
        __syncthreads();              // BUG: only the halo threads get here
    }

    int result = 0;
    for (int offset = -RADIUS; offset <= RADIUS; offset++)
        result += temp[lindex + offset];

    out[gindex] = result;
}
