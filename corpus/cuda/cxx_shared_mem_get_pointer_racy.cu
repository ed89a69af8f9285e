//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — sdata: thread tid < s writes sdata[tid] in one step while thread tid' reads sdata[tid' + s'] = sdata[tid] in the next; the barrier of the tree loop is missing.
// The SharedMem<T>::getPointer() reduction with the loop's barrier forgotten.
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

template <class T>
__global__ void reduceBlocksNoSync(const T *g_idata, T *g_odata, unsigned int n)
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
        // BUG: missing __syncthreads()
    }
    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}

template <class T>
void runReduce(const T *in, T *out, unsigned int n)
{
    reduceBlocksNoSync<T><<<(n + 255) / 256, 256, 256 * sizeof(T)>>>(in, out, n);
}

template void runReduce<float>(const float *, float *, unsigned int);
