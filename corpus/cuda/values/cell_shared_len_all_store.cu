//pass
//--blockDim=256 --gridDim=64
// expect: drf — every thread of a block stores lens[blockIdx.x], one cell nobody writes, into s_len: the same value (benign), and after the barrier every thread runs the same number of passes.
// Each block runs a per-block number of shift passes over a shared tile; every thread stores the pass count.
__global__ void shiftPasses(const int *lens, const float *in, float *out)
{
    __shared__ int s_len;
    __shared__ float s[256];
    int tid = threadIdx.x;
    int gid = blockIdx.x * 256 + tid;
    s_len = lens[blockIdx.x];
    __syncthreads();
    float v = in[gid];
    for (int p = 0; p < s_len; p++) {
        s[tid] = v;
        __syncthreads();
        v = s[(tid + 1) % 256];
        __syncthreads();
    }
    out[gid] = v;
}
