//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: racy — temp: thread 0 writes temp[bi] = temp[N-1] at down-sweep level d=1 and thread 1 reads temp[bi] = temp[N-1] at level d=2 with no barrier in between.
// Blelloch scan whose down-sweep lost its per-level barrier.
#define N (2 * 128)

__global__ void scanBlellochNoDownSync(const float *g_idata, float *g_odata)
{
    __shared__ float temp[N];

    int thid = threadIdx.x;
    int base = blockIdx.x * N;
    int offset = 1;

    temp[2 * thid]     = g_idata[base + 2 * thid];
    temp[2 * thid + 1] = g_idata[base + 2 * thid + 1];

    for (int d = N >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
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
        // BUG: missing __syncthreads()
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
