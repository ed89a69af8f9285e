//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — s_n: thread 0's write s_n = n_in[blockIdx.x] and another thread's read of s_n in the loop condition, with no barrier between them.
// uniform_broadcast_trip.cu without the barrier after the broadcast.
__global__ void broadcastPasses(const int *n_in, const float *in, float *out)
{
    __shared__ int s_n;
    __shared__ float s[256];
    int tid = threadIdx.x;
    int gid = blockIdx.x * 256 + tid;
    if (tid == 0)
        s_n = n_in[blockIdx.x];
    float acc = in[gid];
    for (int i = 0; i < s_n; i++) {
        s[tid] = acc;
        __syncthreads();
        acc = 0.5f * (acc + s[(tid + 255) % 256]);
        __syncthreads();
    }
    out[gid] = acc;
}
