//pass
//--blockDim=64 --gridDim=8
// expect: drf — lmem[1] (the items done) is read by every thread for `while (lmem[1] < m)` after a barrier and advanced by thread 0 only in the next interval.
// A block walks its chunk of m items, one blockDim-sized batch per round.
__global__ void batchedShift(const int *in, int *out, int m)
{
    __shared__ int lmem[2];
    __shared__ int buf[64];
    int tid = threadIdx.x;
    if (tid == 0) {
        lmem[0] = 0;
        lmem[1] = 0;
    }
    __syncthreads();
    while (lmem[1] < m) {
        int start = lmem[1];
        int first = blockIdx.x * m;
        buf[tid] = start + tid < m ? in[first + start + tid] : 0;
        __syncthreads();
        if (tid == 0)
            lmem[1] = start + blockDim.x;
        if (start + tid < m)
            out[first + start + tid] = buf[(tid + 1) % blockDim.x];
        __syncthreads();
    }
}
