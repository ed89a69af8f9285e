//pass
//--blockDim=256 --gridDim=64
// expect: drf — sdata is the dynamic shared buffer of SharedMemory<T>(); the tree reduction writes sdata[tid] from threads tid < s and reads sdata[tid + s], one barrier per step, for both instantiations (float and int).
// The CUDA samples' SharedMemory<T> idiom: a class template whose
// conversion to T * hands out the extern __shared__ buffer.
template <class T>
struct SharedMemory {
    __device__ inline operator T *()
    {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
    __device__ inline operator const T *() const
    {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};

template <class T>
__global__ void blockSum(const T *g_idata, T *g_odata, unsigned int n)
{
    T *sdata = SharedMemory<T>();
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}

void sums(const float *f, float *fo, const int *k, int *ko, unsigned int n)
{
    blockSum<float><<<(n + 255) / 256, 256, 256 * sizeof(float)>>>(f, fo, n);
    blockSum<int><<<(n + 255) / 256, 256, 256 * sizeof(int)>>>(k, ko, n);
}
