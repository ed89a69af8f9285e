//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — result: thread 0 of each block resets result[0] with a plain store while other threads update it with atomicCAS.
// The CAS-based maximum with an unsynchronised reset in the kernel.
__device__ float atomicMaxFloat(float *address, float val)
{
    int *addr = (int *)address;
    int old = *addr, assumed;
    do {
        assumed = old;
        old = atomicCAS(addr, assumed, __float_as_int(fmaxf(val, __int_as_float(assumed))));
    } while (assumed != old);
    return __int_as_float(old);
}

__global__ void maxReduceReset(const float *in, float *result, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0)
        result[0] = -1.0e30f;
    if (i < n)
        atomicMaxFloat(result, in[i]);
}
