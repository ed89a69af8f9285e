//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — through the volatile pointer, thread t writes v[t % 32], the same cell as thread t + 32; volatile orders nothing between threads.
// A volatile-qualified view of shared memory.
__global__ void warpTail(int *out)
{
    __shared__ int s[64];
    volatile int *v = s;
    v[threadIdx.x % 32] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = v[threadIdx.x];
}
