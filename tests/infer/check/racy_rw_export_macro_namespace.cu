// expect: racy — in `namespace GRAPHLIB_EXPORT graphlib` (the macro read as empty), every thread of block b adds into total[b] with a plain read and write.
#include <graphlib/export.hpp>

namespace GRAPHLIB_EXPORT graphlib {

template <typename vertex_t>
__global__ void degree_sum(const vertex_t *offsets, vertex_t *total, vertex_t n)
{
    vertex_t v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n)
        total[blockIdx.x] += offsets[v + 1] - offsets[v];
}

}  // namespace graphlib
