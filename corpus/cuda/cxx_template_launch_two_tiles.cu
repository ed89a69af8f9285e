//pass
//--blockDim=256 --gridDim=64
// expect: drf — each launch's instantiation (TILE = 128 and TILE = 256) fills tile[t] for t < TILE, waits at the barrier, then reads the mirrored cell; out is indexed by the block's own segment.
// Segment reversal templated on the tile width and launched with two
// widths: each instantiation is checked on its own.
template <int TILE>
__global__ void reverseTiles(const float *in, float *out)
{
    __shared__ float tile[TILE];
    int base = blockIdx.x * TILE;
    if (threadIdx.x < TILE)
        tile[threadIdx.x] = in[base + threadIdx.x];
    __syncthreads();
    if (threadIdx.x < TILE)
        out[base + threadIdx.x] = tile[TILE - 1 - threadIdx.x];
}

void reverseAll(const float *in, float *out, int n, bool wide)
{
    if (wide)
        reverseTiles<256><<<n / 256, 256>>>(in, out);
    else
        reverseTiles<128><<<n / 128, 256>>>(in, out);
}
