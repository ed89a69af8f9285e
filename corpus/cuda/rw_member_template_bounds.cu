//pass
//--blockDim=64 --gridDim=16
// expect: drf — each thread writes out[blockIdx.x * 64 + threadIdx.x] once, through whichever instantiation of the member template store<CHECKED> the block's branch picks; the tile is filled before the barrier and read after it.
// Mirroring each row segment, in the style of wavelet transforms: a class
// template names the tile width, and a member template chooses at compile
// time whether the block at the end of the row checks its writes.
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
        __syncthreads();
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
