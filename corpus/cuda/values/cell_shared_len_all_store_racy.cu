//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — s_len: the writes s_len = lens[gid] of two threads of a block copy different cells of lens, so they may store different values.
// cell_shared_len_all_store.cu reading the pass count at the thread's global index instead of the block's.
__global__ void shiftPasses(const int *lens, const float *in, float *out)
{
    __shared__ int s_len;
    __shared__ float s[256];
    int tid = threadIdx.x;
    int gid = blockIdx.x * 256 + tid;
    s_len = lens[gid];
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
