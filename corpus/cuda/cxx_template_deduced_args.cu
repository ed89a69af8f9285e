//pass
//--blockDim=256 --gridDim=64
// expect: drf — loadPair<float> reads in[2i] and in[2i + 1], storeStrided<2> writes out[2i] and out[2i + 1]: every thread its own two cells.
// Device function templates called with deduced (T) and explicit (STRIDE)
// arguments from an ordinary kernel.
template <typename T>
__device__ T loadPair(const T *p, int i)
{
    return p[i] + p[i + 1];
}

template <int STRIDE>
__device__ void storeStrided(float *p, int i, float v)
{
    for (int k = 0; k < STRIDE; k++)
        p[i * STRIDE + k] = v;
}

__global__ void pairSums(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = loadPair(in, 2 * i);
    storeStrided<2>(out, i, v);
}
