//pass
//--blockDim=256 --gridDim=64
// expect: drf — TileIO<T, BLOCK>::load writes s[t] and TileIO<T, BLOCK>::store reads s[BLOCK - 1 - t] after the barrier; global cells are the block's own segment.
// Tile loads and stores as static methods of a class template, called
// from a kernel template through the class's written arguments.
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
__global__ void reverseBlocks(const T *in, T *out)
{
    __shared__ T s[BLOCK];
    TileIO<T, BLOCK>::load(s, in);
    __syncthreads();
    TileIO<T, BLOCK>::storeReversed(s, out);
}

template __global__ void reverseBlocks<float, 256>(const float *, float *);
