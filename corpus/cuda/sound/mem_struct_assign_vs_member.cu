//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — st: thread 0 assigns the whole st (bytes of st.mean included) while threads 1..15 write st.mean[t], with no barrier.
// Reset a shared statistics block, then fill its means.
struct Stats {
    float mean[16];
    float var[16];
};

__global__ void fillStats(const Stats *init, const float *in, float *out)
{
    __shared__ Stats st;
    int t = threadIdx.x;
    if (t == 0)
        st = *init;
    // BUG: missing __syncthreads()
    if (t < 16)
        st.mean[t] = in[t];
    __syncthreads();
    out[t] = st.mean[t % 16] + st.var[t % 16];
}
