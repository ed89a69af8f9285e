//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — in the block holding index n, the threads with i >= n return before the __syncthreads() that the threads with i < n wait at.
// Three-point moving average through a shared tile with a one-element halo on each side.
#define T 256

__global__ void smooth3(const float *in, float *out, int n)
{
    __shared__ float s[T + 2];
    int t = threadIdx.x;
    int i = blockIdx.x * T + t;
    if (i >= n)
        return;                            // BUG: return before a barrier

    s[t + 1] = in[i];
    if (t == 0)
        s[0] = i > 0 ? in[i - 1] : 0.0f;
    if (t == T - 1)
        s[T + 1] = i + 1 < n ? in[i + 1] : 0.0f;
    __syncthreads();

    out[i] = (s[t] + s[t + 1] + s[t + 2]) * (1.0f / 3.0f);
}
