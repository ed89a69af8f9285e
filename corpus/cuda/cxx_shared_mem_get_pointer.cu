//pass
//--blockDim=256 --gridDim=64
// expect: drf — sdata is the dynamic shared buffer whichever SharedMem specialization runs; each tree step has threads tid < s combine sdata[tid] and sdata[tid + s], with a barrier after every step.
// The older SDK idiom: a SharedMem<T> class with getPointer(), specialised
// for float and double, used from a kernel template that the host launches
// from another template (so the kernel is analysed from its pattern).
template <class T>
class SharedMem {
public:
    __device__ inline T *getPointer()
    {
        extern __shared__ T s[];
        return s;
    }
};

template <>
class SharedMem<float> {
public:
    __device__ inline float *getPointer()
    {
        extern __shared__ float s_float[];
        return s_float;
    }
};

template <>
class SharedMem<double> {
public:
    __device__ inline double *getPointer()
    {
        extern __shared__ double s_double[];
        return s_double;
    }
};

template <class T>
__global__ void reduceBlocks(const T *g_idata, T *g_odata, unsigned int n)
{
    SharedMem<T> shared;
    T *sdata = shared.getPointer();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;
    sdata[tid] = (i < n) ? g_idata[i] : T(0);
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}

template <class T>
void runReduce(const T *in, T *out, unsigned int n)
{
    reduceBlocks<T><<<(n + 255) / 256, 256, 256 * sizeof(T)>>>(in, out, n);
}

template void runReduce<float>(const float *, float *, unsigned int);
template void runReduce<double>(const double *, double *, unsigned int);
