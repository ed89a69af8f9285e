//pass
//--blockDim=256 --gridDim=64
// expect: drf — all threads of all blocks update stats[0] and stats[1], but only through atomicAdd/atomicMax, and x is only read.
// Global counters shared by the whole grid, updated only atomically.
__global__ void globalStats(const int *x, int *stats, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = x[i];
        if (v < 0)
            atomicAdd(&stats[0], 1);  // number of negatives
        atomicMax(&stats[1], v);      // maximum
    }
}
