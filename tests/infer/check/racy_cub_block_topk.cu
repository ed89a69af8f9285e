// expect: racy — temp: the second selection updates the TempStorage that threads may still read for the first, with no __syncthreads() between the calls.
#include <cub/block/block_topk.cuh>

template <int BLOCK, int ITEMS>
__global__ void top_and_bottom_keys(const int *in, int *out, int k)
{
    using topk_t = cub::detail::block_topk<int, BLOCK, ITEMS>;
    __shared__ typename topk_t::TempStorage temp;
    int keys[ITEMS], low[ITEMS];
    int base = blockIdx.x * BLOCK * ITEMS;
    for (int i = 0; i < ITEMS; i++)
        low[i] = keys[i] = in[base + threadIdx.x * ITEMS + i];
    topk_t(temp).template max_keys<true>(keys, k, BLOCK * ITEMS);
    topk_t(temp).template min_keys<true>(low, k, BLOCK * ITEMS);
    for (int i = 0; i < ITEMS; i++)
        if (threadIdx.x * ITEMS + i < k)
            out[blockIdx.x * k + threadIdx.x * ITEMS + i] = keys[i] - low[i];
}

template __global__ void top_and_bottom_keys<128, 4>(const int *, int *, int);
