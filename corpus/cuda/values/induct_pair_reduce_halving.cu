//pass
//--blockDim=256 --gridDim=64
// expect: drf — d halves from N >> 1 = 256; threads below d read s[tid + d] (at or above d, never written in the step) and write s[tid], each step closed by a barrier.
// Sums 512 values per block, two per thread, by a sequential-addressing tree in shared memory.
constexpr int N = 512;

__global__ void pairSumReduce(const float *in, float *out)
{
    __shared__ float s[N];
    int tid = threadIdx.x;
    const float *blk = in + blockIdx.x * N;
    s[tid] = blk[tid];
    s[tid + N / 2] = blk[tid + N / 2];
    __syncthreads();
    for (int d = N >> 1; d > 0; d >>= 1) {
        if (tid < d)
            s[tid] += s[tid + d];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s[0];
}
