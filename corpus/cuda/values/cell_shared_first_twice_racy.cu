//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — s: thread 0's in-place write s[0] -= base and another thread's read of s[0] (base = s[0] or the test s[0] > 0), with no barrier between them.
// cell_shared_first_twice.cu subtracting the base in place in the shared tile.
__global__ void relativeToFirst(const float *in, float *out)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int gid = blockIdx.x * 256 + tid;
    s[tid] = in[gid];
    __syncthreads();
    float base = s[0];
    s[tid] -= base;
    float v = s[tid];
    if (s[0] > 0.0f) {
        __syncthreads();
        s[tid] = v;
        __syncthreads();
        v = 0.5f * (v + s[(tid + 1) % 256]);
    }
    out[gid] = v;
}
