//pass
//--blockDim=256 --gridDim=64
// expect: drf — temp is filled in three disjoint parts (temp[RADIUS+tid] by every thread, the two halos by threads tid < RADIUS) before the barrier and only read after it; out[gindex] is one cell per thread.
// 1-D stencil with a radius-3 halo in shared memory (the classic
// introductory CUDA example); `in` is padded by RADIUS on both sides.
#define RADIUS 3
#define BLOCK_SIZE 256

__global__ void stencil1d(const int *in, int *out)
{
    __shared__ int temp[BLOCK_SIZE + 2 * RADIUS];
    int gindex = threadIdx.x + blockIdx.x * blockDim.x;
    int lindex = threadIdx.x + RADIUS;

    temp[lindex] = in[gindex + RADIUS];
    if (threadIdx.x < RADIUS) {
        temp[lindex - RADIUS] = in[gindex];
        temp[lindex + BLOCK_SIZE] = in[gindex + RADIUS + BLOCK_SIZE];
    }
    __syncthreads();

    int result = 0;
    for (int offset = -RADIUS; offset <= RADIUS; offset++)
        result += temp[lindex + offset];

    out[gindex] = result;
}
