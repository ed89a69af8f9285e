//pass
//--blockDim=64 --gridDim=1
// expect: drf — hist: the barrier separates the memset from the member writes.
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
    __syncthreads();
    hist.count[t] = flag[t] != 0;
    __syncthreads();
    out[t] = hist.count[t];
}
