//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — hist: thread 0 clears all of hist with memset (hist.count[t] included) while every thread writes hist.count[t], with no barrier.
// Clear a shared histogram struct, then count.
struct Hist {
    int total;
    int count[64];
};

__global__ void countFlags(const int *flag, int *out)
{
    __shared__ Hist hist;
    int t = threadIdx.x;
    if (t == 0)
        memset(&hist, 0, sizeof hist);
    // BUG: missing __syncthreads()
    hist.count[t] = flag[t] != 0;
    __syncthreads();
    out[t] = hist.count[t];
}
