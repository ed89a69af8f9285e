//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — temp: thread 1 writes temp[lindex] = temp[4] while thread 0 reads temp[lindex+offset] = temp[4] (offset 1); the barrier between filling and reading the tile is missing.
// 1-D halo stencil without the barrier after the shared-memory fill.
#define RADIUS 3
#define BLOCK_SIZE 256

__global__ void stencil1dNoSync(const int *in, int *out)
{
    __shared__ int temp[BLOCK_SIZE + 2 * RADIUS];
    int gindex = threadIdx.x + blockIdx.x * blockDim.x;
    int lindex = threadIdx.x + RADIUS;

    temp[lindex] = in[gindex + RADIUS];
    if (threadIdx.x < RADIUS) {
        temp[lindex - RADIUS] = in[gindex];
        temp[lindex + BLOCK_SIZE] = in[gindex + RADIUS + BLOCK_SIZE];
    }
    // BUG: missing __syncthreads()

    int result = 0;
    for (int offset = -RADIUS; offset <= RADIUS; offset++)
        result += temp[lindex + offset];

    out[gindex] = result;
}
