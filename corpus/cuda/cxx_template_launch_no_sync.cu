//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — tile: in the SYNC = false instantiation thread t writes tile[t] while thread 255 - t reads it as tile[TILE - 1 - (255 - t)], with the barrier compiled out.
// The barrier is a template switch; the host launches both variants, and
// the one without the barrier races.
template <int TILE, bool SYNC>
__global__ void reverseTiles(const float *in, float *out)
{
    __shared__ float tile[TILE];
    int base = blockIdx.x * TILE;
    tile[threadIdx.x] = in[base + threadIdx.x];
    if (SYNC)
        __syncthreads();
    out[base + threadIdx.x] = tile[TILE - 1 - threadIdx.x];
}

void reverseAll(const float *in, float *out, int n, bool careful)
{
    if (careful)
        reverseTiles<256, true><<<n / 256, 256>>>(in, out);
    else
        reverseTiles<256, false><<<n / 256, 256>>>(in, out);
}
