//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — out: both blocks take tickets 0..63 from their own shared counter and write out[2 * ticket].
#include <cuda/atomic>

// Each thread stores a pair at the next free pair of a shared output.
__global__ void pairs(const float2 *in, float *out)
{
    __shared__ unsigned next;
    if (threadIdx.x == 0)
        next = 0;
    __syncthreads();
    cuda::atomic_ref<unsigned, cuda::thread_scope_block> r(next);
    unsigned k = r++;
    float2 v = in[blockIdx.x * 64 + threadIdx.x];
    out[2 * k] = v.x; // BUG: k restarts at 0 in every block
    out[2 * k + 1] = v.y;
}
