//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — s: thread t writes s[t] while thread blockDim.x-1-t reads s[blockDim.x-1-(blockDim.x-1-t)] = s[t], with no barrier in between.
// Dynamic-shared-memory reverse without the barrier.
__global__ void dynamicReverseNoSync(int *d)
{
    extern __shared__ int s[];
    int *seg = d + blockIdx.x * blockDim.x;
    int t = threadIdx.x;
    int tr = blockDim.x - t - 1;

    s[t] = seg[t];
    // BUG: missing __syncthreads()
    seg[t] = s[tr];
}
