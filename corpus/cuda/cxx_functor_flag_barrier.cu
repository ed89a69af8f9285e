//pass
//--blockDim=128 --gridDim=4
// expect: drf — the functor class template's flag is a compile-time constant, the same in every thread, so the branch around each barrier does not diverge.
// A kernel template over a functor whose class template parameter picks the direction.
template <bool Left>
struct neighbour_t {
    __device__ int operator()(int *tile, int t) const
    {
        int v;
        if (Left) {
            __syncthreads();
            v = t > 0 ? tile[t - 1] : 0;
        } else {
            __syncthreads();
            v = t + 1 < 128 ? tile[t + 1] : 0;
        }
        return v;
    }
};

template <class Op>
__global__ void neighbours(int *data, Op op)
{
    __shared__ int tile[128];
    int t = threadIdx.x;
    tile[t] = data[blockIdx.x * 128 + t];
    int v = op(tile, t);
    data[blockIdx.x * 128 + t] = v;
}

template __global__ void neighbours<neighbour_t<true>>(int *, neighbour_t<true>);
