//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// expect: racy — out: the tile offset counts ITEMS - 1 tiles, one short, so block b's last item is block b+1's first.
// A block's tile offset from an enumerator that depends on the template's parameters, enumerators without initializers counting on from the one before.
template <int THREADS, int ITEMS>
__global__ void copyTiles(const float *in, float *out)
{
    enum { BEFORE_SHORT = THREADS * (ITEMS - 1) - 1, SHORT }; // SHORT: the one before it, plus 1
    int base = blockIdx.x * SHORT;
    for (int i = 0; i < ITEMS; i++)
        out[base + i * THREADS + threadIdx.x] = in[base + i * THREADS + threadIdx.x]; // BUG: tiles overlap
}
template __global__ void copyTiles<128, 4>(const float *, float *);
