//pass
//--blockDim=256 --gridDim=64
// expect: drf — thread 0 stores n_in[blockIdx.x] in s_n before a barrier and nobody writes s_n afterwards, so every thread reads one trip count and the loop's barriers align.
// Each block runs a per-block number of smoothing passes over a shared tile, the count broadcast by thread 0.
__global__ void broadcastPasses(const int *n_in, const float *in, float *out)
{
    __shared__ int s_n;
    __shared__ float s[256];
    int tid = threadIdx.x;
    int gid = blockIdx.x * 256 + tid;
    if (tid == 0)
        s_n = n_in[blockIdx.x];
    __syncthreads();
    float acc = in[gid];
    for (int i = 0; i < s_n; i++) {
        s[tid] = acc;
        __syncthreads();
        acc = 0.5f * (acc + s[(tid + 255) % 256]);
        __syncthreads();
    }
    out[gid] = acc;
}
