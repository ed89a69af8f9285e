//pass
//--blockDim=256 --gridDim=64
// expect: drf — offset runs 1, 2, 4, ... below blockDim.x in every thread; each step reads s[tid - offset], then a barrier, then writes s[tid], then a barrier.
// Hillis-Steele inclusive scan of each block's 256 values in one shared buffer, read and write separated by barriers.
__global__ void inclusiveScan(const float *in, float *out)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + tid;
    s[tid] = in[gid];
    __syncthreads();
    for (int offset = 1; offset < blockDim.x; offset *= 2) {
        float t = 0.0f;
        if (tid >= offset)
            t = s[tid - offset];
        __syncthreads();
        if (tid >= offset)
            s[tid] += t;
        __syncthreads();
    }
    out[gid] = s[tid];
}
