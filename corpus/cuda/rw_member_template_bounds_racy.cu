//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=16
// expect: racy — tile: thread t writes tile[t] while thread 63 - t reads it as tile[63 - (63 - t)] in store<CHECKED> (either instantiation), the barrier between filling and mirroring being missing.
// Mirroring each row segment, in the style of wavelet transforms: a class
// template names the tile width, and a member template chooses at compile
// time whether the block at the end of the row checks its writes.  The
// barrier between filling the tile and reading it is missing.
template <int WIDTH>
struct Mirror {
    template <bool CHECKED>
    __device__ void store(const float *tile, float *out, int n)
    {
        int x = blockIdx.x * WIDTH + threadIdx.x;
        if (!CHECKED || x < n)
            out[x] = tile[WIDTH - 1 - threadIdx.x];
    }

    __device__ void run(const float *in, float *out, int n)
    {
        __shared__ float tile[WIDTH];
        int x = blockIdx.x * WIDTH + threadIdx.x;
        tile[threadIdx.x] = x < n ? in[x] : 0.0f;
        if ((blockIdx.x + 1) * WIDTH > n)
            store<true>(tile, out, n);
        else
            store<false>(tile, out, n);
    }
};

template <int WIDTH>
__global__ void mirrorRows(const float *in, float *out, int n)
{
    Mirror<WIDTH> mirror;
    mirror.run(in, out, n);
}

void mirrorAll(const float *in, float *out, int n)
{
    mirrorRows<64><<<(n + 63) / 64, 64>>>(in, out, n);
}
