//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — s: TileIO<T, BLOCK>::load has thread t write s[t] while TileIO<T, BLOCK>::storeReversed has thread 255 - t read it; the barrier between the two calls is missing.
// The class-template tile reversal without its barrier.
template <class T, int BLOCK>
struct TileIO {
    __device__ static void load(T *s, const T *g)
    {
        s[threadIdx.x] = g[blockIdx.x * BLOCK + threadIdx.x];
    }
    __device__ static void storeReversed(const T *s, T *g)
    {
        g[blockIdx.x * BLOCK + threadIdx.x] = s[BLOCK - 1 - threadIdx.x];
    }
};

template <class T, int BLOCK>
__global__ void reverseBlocksNoSync(const T *in, T *out)
{
    __shared__ T s[BLOCK];
    TileIO<T, BLOCK>::load(s, in);
    // BUG: missing __syncthreads()
    TileIO<T, BLOCK>::storeReversed(s, out);
}

template __global__ void reverseBlocksNoSync<float, 256>(const float *, float *);
