//pass
//--blockDim=128 --gridDim=4
// expect: drf — out: block b's tile starts at b * THREADS * ITEMS and its ITEMS strided items stay inside it.
// A block's tile offset from an enumerator that depends on the template's parameters, enumerators without initializers counting on from the one before.
template <int THREADS, int ITEMS>
__global__ void copyTiles(const float *in, float *out)
{
    enum { LAST_OF_TILE = THREADS * ITEMS - 1, TILE }; // TILE: the one before it, plus 1
    int base = blockIdx.x * TILE;
    for (int i = 0; i < ITEMS; i++)
        out[base + i * THREADS + threadIdx.x] = in[base + i * THREADS + threadIdx.x];
}
template __global__ void copyTiles<128, 4>(const float *, float *);
