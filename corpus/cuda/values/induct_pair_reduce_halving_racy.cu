//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — s: with no barrier in the loop, thread 128 writes s[128] in step d = 256 while thread 0 reads s[0 + 128] in step d = 128.
// induct_pair_reduce_halving.cu without the barrier closing each reduction step.
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
    }
    __syncthreads();
    if (tid == 0)
        out[blockIdx.x] = s[0];
}
