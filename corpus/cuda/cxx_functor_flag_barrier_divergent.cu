//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// expect: divergent — the functor's barrier is under the thread's own parity, so half the block skips the __syncthreads() the other half waits at.
// A kernel template over a functor whose barrier depends on the thread.
template <bool Left>
struct neighbour_parity_t {
    __device__ int operator()(int *tile, int t) const
    {
        int v = 0;
        if (Left && (t & 1)) {
            __syncthreads();
            v = tile[t - 1];
        }
        return v;
    }
};

template <class Op>
__global__ void neighbours_parity(int *data, Op op)
{
    __shared__ int tile[128];
    int t = threadIdx.x;
    tile[t] = data[blockIdx.x * 128 + t];
    int v = op(tile, t);
    data[blockIdx.x * 128 + t] = v;
}

template __global__ void neighbours_parity<neighbour_parity_t<true>>(int *, neighbour_parity_t<true>);
