//pass
//--blockDim=64 --gridDim=1
// expect: drf — stack: atomicDec(&top, 63) from 63 hands out 63..0 to the 64 threads before it wraps: distinct.
// Fill a stack from the top.
__global__ void fillDown(const int *in, int *out)
{
    __shared__ unsigned top;
    __shared__ int stack[64];
    if (threadIdx.x == 0)
        top = 63;
    __syncthreads();
    unsigned k = atomicDec(&top, 63);
    stack[k] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = stack[threadIdx.x];
}
