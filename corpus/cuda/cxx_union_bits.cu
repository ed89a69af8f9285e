//pass
//--blockDim=256 --gridDim=64
// expect: drf — the union is the thread's own; each thread reads x[i] and writes keys[i] only.
// Float-to-sortable-key conversion through a union, as radix sorts do.
union FloatBits {
    float f;
    unsigned int u;
};

__global__ void sortableKeys(const float *x, unsigned int *keys, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    FloatBits b;
    b.f = x[i];
    unsigned int mask = (b.u & 0x80000000u) ? 0xffffffffu : 0x80000000u;
    keys[i] = b.u ^ mask;
}
