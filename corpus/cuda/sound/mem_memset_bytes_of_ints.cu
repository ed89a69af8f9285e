//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — acc: thread t clears 5 bytes from &acc[t], reaching the first byte of acc[t + 1], which thread t + 1 clears and writes.
// Each thread clears its accumulator (with a size off by one byte).
__global__ void clearAcc(const int *in, int *out)
{
    __shared__ int acc[65];
    int t = threadIdx.x;
    acc[t] = in[t];
    memset(&acc[t], 0, sizeof(int) + 1); // BUG: one byte of acc[t + 1]
    __syncthreads();
    out[t] = acc[t];
}
