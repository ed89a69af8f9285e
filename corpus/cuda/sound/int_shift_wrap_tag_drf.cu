//pass
//--blockDim=64 --gridDim=1
// expect: drf — out: the 64-bit tag keeps every bit of the thread, so out[t] is distinct per thread.
// Keep the thread number in the top bits of a 64-bit tag.
__global__ void tags(const int *in, int *out)
{
    unsigned long long tag = (unsigned long long)threadIdx.x << 27;
    out[tag >> 27] = in[threadIdx.x];
}
