//pass
//--blockDim=64 --gridDim=2
// expect: drf — out: k is distinct within a block and offset by 64 per block, so the pairs are distinct in the grid.
#include <cuda/atomic>

// Each thread stores a pair at the next free pair of its block's output.
__global__ void pairs(const float2 *in, float *out)
{
    __shared__ unsigned next;
    if (threadIdx.x == 0)
        next = 0;
    __syncthreads();
    cuda::atomic_ref<unsigned, cuda::thread_scope_block> r(next);
    unsigned k = r++ + blockIdx.x * 64;
    float2 v = in[blockIdx.x * 64 + threadIdx.x];
    out[2 * k] = v.x;
    out[2 * k + 1] = v.y;
}
