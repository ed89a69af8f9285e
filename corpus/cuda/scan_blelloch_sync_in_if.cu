//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: divergent — the up-sweep barrier is inside if (thid < d), so at level d=64 threads 64..127 skip the __syncthreads() that threads 0..63 execute.
// Blelloch scan where the up-sweep barrier was pushed into the branch.
#define N (2 * 128)

__global__ void scanBlellochSyncInIf(const float *g_idata, float *g_odata)
{
    __shared__ float temp[N];

    int thid = threadIdx.x;
    int base = blockIdx.x * N;
    int offset = 1;

    temp[2 * thid]     = g_idata[base + 2 * thid];
    temp[2 * thid + 1] = g_idata[base + 2 * thid + 1];

    for (int d = N >> 1; d > 0; d >>= 1) {
        if (thid < d) {
            __syncthreads();          // BUG: thread-dependent barrier
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }

    if (thid == 0)
        temp[N - 1] = 0;

    for (int d = 1; d < N; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();

    g_odata[base + 2 * thid]     = temp[2 * thid];
    g_odata[base + 2 * thid + 1] = temp[2 * thid + 1];
}
