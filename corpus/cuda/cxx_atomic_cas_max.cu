//pass
//--blockDim=256 --gridDim=64
// expect: drf — every thread updates result[0] only through atomicMaxFloat: the seed read *addr is the start of an atomicCAS loop, and the CAS itself is atomic.
// Float atomic maximum built from atomicCAS (CUDA programming guide style).
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

__global__ void maxReduce(const float *in, float *result, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicMaxFloat(result, in[i]);
}
