//pass
//--blockDim=128 --gridDim=16
// expect: drf — in every up-sweep/down-sweep level the active threads touch disjoint pairs temp[ai], temp[bi], each level starts with a barrier, and the root is cleared by thread 0, the only thread active in the last up-sweep level.
// Work-efficient (Blelloch) exclusive scan of 2*blockDim.x elements per
// block, after GPU Gems 3, ch. 39 (without the bank-conflict padding).
#define N (2 * 128)

__global__ void scanBlelloch(const float *g_idata, float *g_odata)
{
    __shared__ float temp[N];

    int thid = threadIdx.x;
    int base = blockIdx.x * N;
    int offset = 1;

    temp[2 * thid]     = g_idata[base + 2 * thid];
    temp[2 * thid + 1] = g_idata[base + 2 * thid + 1];

    for (int d = N >> 1; d > 0; d >>= 1) {       // up-sweep
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }

    if (thid == 0)
        temp[N - 1] = 0;                         // clear the root

    for (int d = 1; d < N; d *= 2) {             // down-sweep
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
