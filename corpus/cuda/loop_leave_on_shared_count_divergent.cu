//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: divergent — the second return also tests threadIdx.x >= len, so for 0 < len < 256 the threads from len on return while the others reach the barrier that ends the round.
// A block-wide loop left by early returns on a count in shared memory, one
// of them behind a short-circuit `||` that reads the count again.
__global__ void drainRounds(const int *in, int *out, int n)
{
    __shared__ int len;
    __shared__ int buf[256];
    if (threadIdx.x == 0)
        len = n;
    __syncthreads();
    while (1) {
        buf[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
        __syncthreads();
        if (len == 0) {
            return;
        } else if (len > 1000 || (int)threadIdx.x >= len) {
            out[blockIdx.x * 256 + threadIdx.x] = buf[255 - threadIdx.x];
            return;
        }
        __syncthreads();
        if (threadIdx.x == 0)
            len = len - 1;
        __syncthreads();
    }
}
