//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: in its second round thread t writes s[63 - t], which thread 63 - t wrote in its first, with no barrier.
// Three rounds alternating between two slots, exchanged in place.
__global__ void rounds(const int *in, int *out)
{
    __shared__ int s[128];
    int a = threadIdx.x, b = 63 - threadIdx.x; // BUG: the second slot is another thread's first
    for (int r = 0; r < 3; r++) {
        s[a] = in[r * 64 + threadIdx.x];
        int keep = a;
        a = b;
        b = keep;
    }
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + 64];
}
