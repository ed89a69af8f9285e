//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — data: the result is written in place, so thread 255 of block b writes data[i] while thread 0 of block b+1 reads it as its left halo data[i - 1] (blocks are never ordered; the early return before the barrier is a divergence besides).
// Three-point moving average, in place, through a shared tile with a one-element halo on each side.
#define T 256

__global__ void smooth3InPlace(float *data, int n)
{
    __shared__ float s[T + 2];
    int t = threadIdx.x;
    int i = blockIdx.x * T + t;
    if (i >= n)
        return;                            // BUG: return before a barrier

    s[t + 1] = data[i];
    if (t == 0)
        s[0] = i > 0 ? data[i - 1] : 0.0f;
    if (t == T - 1)
        s[T + 1] = i + 1 < n ? data[i + 1] : 0.0f;
    __syncthreads();

    data[i] = (s[t] + s[t + 1] + s[t + 2]) * (1.0f / 3.0f);   // BUG: in place
}
