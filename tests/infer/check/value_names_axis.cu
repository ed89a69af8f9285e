// expect: drf — c: each block writes its own cell, whatever blockIdx.y it writes: only thread 0 of a block writes.
__global__ void k(int *c)
{
    if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
        c[(blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x] = blockIdx.y;
}
