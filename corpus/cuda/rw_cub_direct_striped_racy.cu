//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: racy — out: the tiles start 128 items apart though each holds 512, so block b + 1 stores out[(b + 1) * 128 + 4t + i], the item thread t + 32 of block b stores.
// Re-arranging a tile from the striped to the blocked arrangement with
// CUB's direct loads and stores (no shared memory, no barrier): thread t
// keeps items t, t + 128, t + 256, t + 384 of its block's tile in
// registers and writes them out as four consecutive items.
#include <cub/cub.cuh>

__global__ void stripedToBlocked(const int *in, int *out)
{
    const int offset = blockIdx.x * 128; // should be 512
    int items[4];
    cub::LoadDirectStriped<128>(threadIdx.x, in + offset, items);
    cub::StoreDirectBlocked(threadIdx.x, out + offset, items);
}
