//pass
//--blockDim=128 --gridDim=16
// expect: drf — each block owns the 512-item tile at blockIdx.x * 512: thread t loads items t + 128 * i of it (striped) and stores items 4t .. 4t + 3 of the output tile (blocked), all distinct.
// Re-arranging a tile from the striped to the blocked arrangement with
// CUB's direct loads and stores (no shared memory, no barrier): thread t
// keeps items t, t + 128, t + 256, t + 384 of its block's tile in
// registers and writes them out as four consecutive items.
#include <cub/cub.cuh>

__global__ void stripedToBlocked(const int *in, int *out)
{
    const int offset = blockIdx.x * 512;
    int items[4];
    cub::LoadDirectStriped<128>(threadIdx.x, in + offset, items);
    cub::StoreDirectBlocked(threadIdx.x, out + offset, items);
}
