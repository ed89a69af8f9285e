//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — when 0 < n - base < 256 only the threads t < count enter if (t < count) and reach its __syncthreads(); the rest of the block skips it.
// Each block reverses its chunk of the first n elements through shared memory and records the chunk's last index.
__global__ void reverseChunks(const int *in, int *out, int *last, int n)
{
    __shared__ int s[256];
    int base = blockIdx.x * 256;
    int count = min(n - base, 256);
    int t = threadIdx.x;

    if (t < count) {
        s[t] = in[base + t];
        __syncthreads();                   // BUG: barrier inside the branch
        out[base + t] = s[count - 1 - t];
    }
    if (t == count - 1)
        last[blockIdx.x] = base + t;
}
