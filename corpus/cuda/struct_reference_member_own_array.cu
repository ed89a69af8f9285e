//pass
//--blockDim=128 --gridDim=4
// expect: drf — the exchange record's output member is a reference its default initializer binds to the record's own input array, so reading it reads the thread's own items.
#include <type_traits>

// A record whose output aliases its input when the two types agree, as
// test harnesses select with a partial specialization.
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
__global__ void copy_through_record(const T *in, T *out)
{
    record_t<T, T, N> r;
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * N;
    for (int i = 0; i < N; i++)
        r.input[i] = in[base + i];
    for (int i = 0; i < N; i++)
        out[base + i] = r.output[N - 1 - i];
}

template __global__ void copy_through_record<int, 4>(const int *, int *);
