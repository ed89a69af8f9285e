//pass
//--blockDim=256 --gridDim=64
// expect: drf — the lambda at(k) reads tile[k + 1]; the tile (with one halo cell on each side) is complete before the barrier, and each thread writes only out[g].
// A 3-point stencil whose neighbour access is a lambda capturing the tile.
__global__ void blur3(const float *in, float *out, int n)
{
    __shared__ float tile[256 + 2];
    int t = threadIdx.x;
    int g = blockIdx.x * 256 + t;
    auto load = [&](int dst, int src) { tile[dst] = (src >= 0 && src < n) ? in[src] : 0.0f; };
    load(t + 1, g);
    if (t == 0)
        load(0, g - 1);
    if (t == 255)
        load(257, g + 1);
    __syncthreads();
    auto at = [&](int k) { return tile[k + 1]; };
    if (g < n)
        out[g] = (at(t - 1) + at(t) + at(t + 1)) / 3.0f;
}
