//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// expect: racy — hits: every thread increments hits[0] with a plain read and write; the barrier in the loop whose trip count depends on the thread also diverges.
// Per-thread work loop with a barrier in its body (trip count depends on
// the thread), and a plain, non-atomic counter update.
__global__ void workLoopCounter(const int *work, int *hits)
{
    __shared__ int buf[128];
    int t = threadIdx.x;
    for (int k = 0; k < t % 4; k++) {
        buf[t] = work[k];
        __syncthreads();
    }
    hits[blockIdx.x] = hits[blockIdx.x] + 1;
}
