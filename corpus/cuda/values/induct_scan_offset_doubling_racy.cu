//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — the middle barrier is inside if (tid >= offset), which threads 0..offset-1 skip while the others wait at it.
// induct_scan_offset_doubling.cu with the read, the barrier and the write folded into the thread's branch.
__global__ void inclusiveScan(const float *in, float *out)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + tid;
    s[tid] = in[gid];
    __syncthreads();
    for (int offset = 1; offset < blockDim.x; offset *= 2) {
        if (tid >= offset) {
            float t = s[tid - offset];
            __syncthreads();
            s[tid] += t;
        }
        __syncthreads();
    }
    out[gid] = s[tid];
}
