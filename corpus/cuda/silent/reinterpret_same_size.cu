//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — the int view has the float array's element size, so bits[t + 1] is f[t + 1], which thread t writes while thread t + 1 reads f[t + 1].
// reinterpret_cast between element types of the same size keeps the index.
__global__ void bitsView(float *out)
{
    __shared__ float f[64 + 1];
    int *bits = reinterpret_cast<int *>(f);
    bits[threadIdx.x + 1] = 0x3f800000;
    out[threadIdx.x] = f[threadIdx.x];
}
