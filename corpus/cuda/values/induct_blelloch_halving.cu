//pass
//--blockDim=256 --gridDim=64
// expect: drf — in the up-sweep (d = N >> 1 halving, offset doubling) thread t reads offset*(2t+1)-1 and writes offset*(2t+2)-1, disjoint from every other active thread's cells; the down-sweep mirrors it, every step behind a barrier.
// Blelloch exclusive scan of 512 values per block, two per thread, up-sweep and down-sweep in shared memory.
constexpr int N = 512;

__global__ void blockExclusiveScan(const float *in, float *out)
{
    __shared__ float temp[N];
    int thid = threadIdx.x;
    int base = blockIdx.x * N;
    temp[2 * thid] = in[base + 2 * thid];
    temp[2 * thid + 1] = in[base + 2 * thid + 1];
    int offset = 1;
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
        temp[N - 1] = 0.0f;
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
    out[base + 2 * thid] = temp[2 * thid];
    out[base + 2 * thid + 1] = temp[2 * thid + 1];
}
