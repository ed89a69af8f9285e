//pass
//--blockDim=128 --gridDim=8
// expect: drf — two BlockReduce calls without a barrier, but each on its own TempStorage.
#include <cub/cub.cuh>

struct MaxOp {
    __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

// Two block reductions with separate TempStorage: no reuse, no barrier needed.
__global__ void sum_and_max(const int *in, int *sums, int *maxima)
{
    typedef cub::BlockReduce<int, 128> BlockReduceT;
    __shared__ typename BlockReduceT::TempStorage temp_sum;
    __shared__ typename BlockReduceT::TempStorage temp_max;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int s = BlockReduceT(temp_sum).Sum(x);
    int m = BlockReduceT(temp_max).Reduce(x, MaxOp());
    if (threadIdx.x == 0) {
        sums[blockIdx.x] = s;
        maxima[blockIdx.x] = m;
    }
}
