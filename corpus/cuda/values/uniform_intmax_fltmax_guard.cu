//pass
//--blockDim=256 --gridDim=64
// expect: drf — gid is at most 64 * 256 - 1, far below INT_MAX / 2, so every thread takes the overflow guard around the min-tree and its barriers.
// Block-wise minimum of pairs of elements, padded with FLT_MAX, behind a guard that 2 * gid + 1 fits in an int.
#include <cfloat>
#include <climits>

__global__ void blockMinPairs(const float *in, float *blockMin, int n)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + tid;
    if (gid <= INT_MAX / 2) {
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
