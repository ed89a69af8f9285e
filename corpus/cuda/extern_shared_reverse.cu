//pass
//--blockDim=256 --gridDim=64
// expect: drf — s[t] is written before the barrier and s[blockDim.x-1-t] read after it; each thread reads and writes only seg[t] of its block's segment.
// Reverse each block's segment using dynamically sized shared memory
// (launched with blockDim.x * sizeof(int) bytes).
__global__ void dynamicReverse(int *d)
{
    extern __shared__ int s[];
    int *seg = d + blockIdx.x * blockDim.x;
    int t = threadIdx.x;
    int tr = blockDim.x - t - 1;

    s[t] = seg[t];
    __syncthreads();
    seg[t] = s[tr];
}
