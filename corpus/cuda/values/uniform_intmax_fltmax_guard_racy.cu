//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — the guard 2 * gid < n depends on the thread, so when n < 2 * 64 * 256 the threads past the end skip the barriers the others wait at.
// uniform_intmax_fltmax_guard.cu guarding the tree with the data bound instead of the overflow bound.
#include <cfloat>
#include <climits>

__global__ void blockMinPairs(const float *in, float *blockMin, int n)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + tid;
    if (2 * gid < n) {
        int i = 2 * gid;
        float a = i < n ? in[i] : FLT_MAX;
        float b = i + 1 < n ? in[i + 1] : FLT_MAX;
        s[tid] = fminf(a, b);
        __syncthreads();
        for (int d = blockDim.x / 2; d > 0; d >>= 1) {
            if (tid < d)
                s[tid] = fminf(s[tid], s[tid + d]);
            __syncthreads();
        }
        if (tid == 0)
            blockMin[blockIdx.x] = s[0];
    }
}
