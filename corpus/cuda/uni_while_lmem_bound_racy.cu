//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
// expect: racy — lmem[1]: thread 0 advances it before the batch's first barrier, in the interval in which the other threads read it for the loop test and for start.
// uni_while_lmem_bound.cu with the counter advanced too early.
__global__ void batchedShiftRacy(const int *in, int *out, int m)
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
        if (tid == 0)
            lmem[1] = start + blockDim.x;
        buf[tid] = start + tid < m ? in[first + start + tid] : 0;
        __syncthreads();
        if (start + tid < m)
            out[first + start + tid] = buf[(tid + 1) % blockDim.x];
        __syncthreads();
    }
}
