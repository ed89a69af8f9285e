// expect: drf — block_topk selects through its TempStorage in one phase with its own barrier; each thread then writes its own blocked slots of the block's output.
#include <cub/block/block_topk.cuh>

template <int BLOCK, int ITEMS>
__global__ void top_keys(const int *in, int *out, int k)
{
    using topk_t = cub::detail::block_topk<int, BLOCK, ITEMS>;
    __shared__ typename topk_t::TempStorage temp;
    int keys[ITEMS];
    int base = blockIdx.x * BLOCK * ITEMS;
    for (int i = 0; i < ITEMS; i++)
        keys[i] = in[base + threadIdx.x * ITEMS + i];
    topk_t(temp).template max_keys<true>(keys, k, BLOCK * ITEMS);
    for (int i = 0; i < ITEMS; i++)
        if (threadIdx.x * ITEMS + i < k)
            out[blockIdx.x * k + threadIdx.x * ITEMS + i] = keys[i];
}

template __global__ void top_keys<128, 4>(const int *, int *, int);
