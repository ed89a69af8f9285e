//pass
//--blockDim=256 --gridDim=32
// expect: drf — the block leaves the loop together: both returns test the shared count len, read by every thread after a barrier and changed by thread 0 only between the two barriers that end a round; each thread reads the mirrored cell of buf only in the round that filled it.
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
        } else if (len > 1000 || len > (int)blockDim.x) {
            out[blockIdx.x * 256 + threadIdx.x] = buf[255 - threadIdx.x];
            return;
        }
        __syncthreads();
        if (threadIdx.x == 0)
            len = len - 1;
        __syncthreads();
    }
}
