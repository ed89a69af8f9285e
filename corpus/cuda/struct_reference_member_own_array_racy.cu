//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// expect: racy — out: every thread of a block writes its record's items to the block's first N cells.
#include <type_traits>

// As struct_reference_member_own_array.cu, but the output offset ignores the thread.
template <class In, class Out, int N, class = void>
struct record_t;

template <class In, class Out, int N>
struct record_t<In, Out, N, std::enable_if_t<std::is_same<In, Out>::value>> {
    In input[N];
    Out (&output)[N] = input;
};

template <class In, class Out, int N>
struct record_t<In, Out, N, std::enable_if_t<!std::is_same<In, Out>::value>> {
    In input[N];
    Out output[N];
};

template <class T, int N>
__global__ void copy_through_record_racy(const T *in, T *out)
{
    record_t<T, T, N> r;
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * N;
    for (int i = 0; i < N; i++)
        r.input[i] = in[base + i];
    for (int i = 0; i < N; i++)
        out[blockIdx.x * blockDim.x * N + i] = r.output[N - 1 - i];
}

template __global__ void copy_through_record_racy<int, 4>(const int *, int *);
