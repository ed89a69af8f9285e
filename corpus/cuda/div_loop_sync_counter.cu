//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// expect: divergent — the barrier is in a loop whose trip count depends on the thread; the counter is now updated atomically, so no race is left.
// Per-thread work loop with a barrier in its body: the counter race of the
// racy twin is fixed with atomicAdd, the divergence remains.
__global__ void workLoopCounterFixed(const int *work, int *hits)
{
    __shared__ int buf[128];
    int t = threadIdx.x;
    for (int k = 0; k < t % 4; k++) {
        buf[t] = work[k];
        __syncthreads();
    }
    atomicAdd(&hits[blockIdx.x], 1);
}
