//pass
//--blockDim=128 --gridDim=8
// expect: drf — in the kernel template's pattern v[i] is the class template's operator[], the element of its pointer member at i, one per thread.
// A span-like class template passed by value to a kernel template.
template <class T>
struct Span {
    T *ptr;
    int len;
    __device__ T &operator[](int i) const { return ptr[i]; }
};

template <class T>
__global__ void negate_span(Span<T> v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < v.len)
        v[i] = -v[i];
}

template __global__ void negate_span<int>(Span<int>);
