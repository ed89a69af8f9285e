//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — cnt: thread 2 writes ((unsigned short *)cnt)[2] (the low half of cnt[1]) while thread 1 writes cnt[1], with no barrier.
// Counters as ints, then their low halves set through a short view.
__global__ void lowHalves(int *out)
{
    __shared__ int cnt[32];
    int t = threadIdx.x;
    if (t < 32) {
        cnt[t] = 0;
        ((unsigned short *)cnt)[t] = 1; // BUG: half-word t is in cnt[t / 2]
    }
    __syncthreads();
    out[t] = cnt[t % 32];
}
