//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — stack: atomicDec(&top, 31) from 31 hands out 31..0 twice, so two threads write each stack[k], with no barrier.
// Fill a stack from the top.
__global__ void fillDown(const int *in, int *out)
{
    __shared__ unsigned top;
    __shared__ int stack[64];
    if (threadIdx.x == 0)
        top = 31;
    __syncthreads();
    unsigned k = atomicDec(&top, 31); // BUG: 64 threads, 32 entries
    stack[k] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = stack[threadIdx.x];
}
