//pass
//--blockDim=64 --gridDim=1
// expect: drf — cnt: half-word 2t is the low half of cnt[t], the thread's own.
// Counters as ints, then their low halves set through a short view.
__global__ void lowHalves(int *out)
{
    __shared__ int cnt[32];
    int t = threadIdx.x;
    if (t < 32) {
        cnt[t] = 0;
        ((unsigned short *)cnt)[2 * t] = 1; // the low half of cnt[t]
    }
    __syncthreads();
    out[t] = cnt[t % 32];
}
