//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — v_ptr: thread i writes v[i + 1] while thread i + 1 reads v[i + 1] through the class template's operator[].
// A span-like class template passed by value, shifted by one without a barrier.
template <class T>
struct Span {
    T *ptr;
    int len;
    __device__ T &operator[](int i) const { return ptr[i]; }
};

template <class T>
__global__ void shift_span(Span<T> v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < v.len)
        v[i + 1] = v[i];
}

template __global__ void shift_span<int>(Span<int>);
