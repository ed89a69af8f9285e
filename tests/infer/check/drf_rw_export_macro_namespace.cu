// expect: drf — the kernel lives in `namespace GRAPHLIB_EXPORT graphlib`, whose macro comes from a generated header that is not here: read as empty, the namespace parses and each thread writes its own degree[v].
#include <graphlib/export.hpp>

namespace GRAPHLIB_EXPORT graphlib {
namespace detail {

template <typename vertex_t>
__global__ void out_degrees(const vertex_t *offsets, vertex_t *degree, vertex_t n)
{
    vertex_t v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n)
        degree[v] = offsets[v + 1] - offsets[v];
}

struct GRAPHLIB_EXPORT degree_functor {
    int *counts;
};

}  // namespace detail
}  // namespace graphlib
