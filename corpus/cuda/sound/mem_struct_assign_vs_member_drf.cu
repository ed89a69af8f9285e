//pass
//--blockDim=64 --gridDim=1
// expect: drf — st: barriers separate the whole-struct assignment, the member writes and the reads.
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
    __syncthreads();
    if (t < 16)
        st.mean[t] = in[t];
    __syncthreads();
    out[t] = st.mean[t % 16] + st.var[t % 16];
}
