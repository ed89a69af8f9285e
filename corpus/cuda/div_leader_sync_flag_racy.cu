//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — total: every thread writes total[blockIdx.x] with no test of the thread id; the barrier taken by thread 0 alone also diverges.
// Block total: thread 0 waits at a barrier no other thread reaches, and the
// store of the result was meant for thread 0 but every thread makes it.
__global__ void blockTotalLeaderSync(const int *in, int *total)
{
    __shared__ int part[128];
    int t = threadIdx.x;
    part[t] = in[blockIdx.x * blockDim.x + t];
    if (t == 0) {
        __syncthreads();
        int sum = 0;
        for (int k = 0; k < 128; k++)
            sum += part[k];
        part[0] = sum;
    }
    total[blockIdx.x] = t;
}
