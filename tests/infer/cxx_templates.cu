// Templates instantiated (issue 15 item 3, docs/inference.md "Templates").
template <class T>
struct SharedMemory {
    __device__ operator T *()
    {
        extern __shared__ int dyn_smem[];
        return (T *)dyn_smem;
    }
};

// launched with two values: one kernel per instantiation, analysed from
// clang's instantiated body (sizes and tests are numbers)
template <class T, int BLOCK>
__global__ void launched(const T *in, T *out)
{
    T *s = SharedMemory<T>();
    s[threadIdx.x] = in[blockIdx.x * BLOCK + threadIdx.x];
    __syncthreads();
    if (threadIdx.x < BLOCK / 2)
        out[blockIdx.x * BLOCK + threadIdx.x] = s[threadIdx.x + BLOCK / 2];
}

// a dependent call: resolved in the pattern, its explicit argument bound
template <int OFFSET>
__device__ void put(int *s, int t)
{
    s[t + OFFSET] = t;
}

template <int OFFSET>
__global__ void dependent(int *A)
{
    __shared__ int s[256 + OFFSET];
    put<OFFSET>(s, threadIdx.x);
    __syncthreads();
    A[threadIdx.x] = s[threadIdx.x];
}
template __global__ void dependent<4>(int *);

// deduced and explicit arguments from an ordinary kernel
template <typename T>
__device__ T twice(const T *p, int i)
{
    return p[i] + p[i];
}

template <int STRIDE>
__device__ void scatter(float *p, int i, float v)
{
    p[i * STRIDE] = v;
}

__global__ void deduced(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    scatter<3>(out, i, twice(in, i));
}

void host(const float *f, float *g, const int *a, int *b)
{
    launched<float, 128><<<1, 128, 512>>>(f, g);
    launched<int, 64><<<1, 64, 256>>>(a, b);
}

// a dependent member call on a class template's object: the method of the
// template and of each specialization, chosen by an unknown; both return
// the one dynamic shared buffer
template <class T>
struct SharedMem {
    __device__ T *getPointer()
    {
        extern __shared__ T dyn_t[];
        return dyn_t;
    }
};
template <>
struct SharedMem<float> {
    __device__ float *getPointer()
    {
        extern __shared__ float dyn_f[];
        return dyn_f;
    }
};

template <class T>
__global__ void member_call(T *out)
{
    SharedMem<T> shared;
    T *s = shared.getPointer();
    s[threadIdx.x] = out[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

// explicit instantiations with two values: the pattern once per value
template <int WIDTH>
__global__ void explicit_two(float *A)
{
    __shared__ float row[WIDTH];
    if (threadIdx.x < WIDTH)
        row[threadIdx.x] = A[blockIdx.x * WIDTH + threadIdx.x];
}
template __global__ void explicit_two<32>(float *);
template __global__ void explicit_two<64>(float *);

// a static method of a class template, called through its written
// arguments: the class's parameter N is bound to the kernel's
template <class T, int N>
struct Tile {
    __device__ static void load(T *s, const T *g)
    {
        s[threadIdx.x] = g[blockIdx.x * N + threadIdx.x];
    }
};

template <class T, int N>
__global__ void static_method(const T *g, T *o)
{
    __shared__ T s[N];
    Tile<T, N>::load(s, g);
    __syncthreads();
    o[blockIdx.x * N + threadIdx.x] = s[(threadIdx.x + 1) % N];
}
template __global__ void static_method<float, 128>(const float *, float *);

// a dependent call to a function template declared without a body whose
// explicit specializations have one: each of them, chosen by an unknown
template <class T>
__device__ T pick(T *p, int i);
template <>
__device__ float pick<float>(float *p, int i)
{
    return p[i];
}
template <>
__device__ double pick<double>(double *p, int i)
{
    return p[i + 1];
}

template <class T>
__global__ void specialized(T *A)
{
    A[threadIdx.x] = pick(A, threadIdx.x);
}
