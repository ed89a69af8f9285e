//pass
//--blockDim=64 --gridDim=1
// expect: drf — out: the bool picks one of two halves, and the thread's own index places it there.
__global__ void boolIndex(int *out)
{
    bool odd = threadIdx.x & 1;
    out[odd * 64 + threadIdx.x] = threadIdx.x;
}
