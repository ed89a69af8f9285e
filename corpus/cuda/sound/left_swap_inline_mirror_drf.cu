//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: thread t writes s[t] in rounds 0 and 2 and s[t + 64] in round 1, its own two cells.
// Three rounds alternating between two slots, exchanged in place.
__global__ void rounds(const int *in, int *out)
{
    __shared__ int s[128];
    int a = threadIdx.x, b = threadIdx.x + 64;
    for (int r = 0; r < 3; r++) {
        s[a] = in[r * 64 + threadIdx.x];
        int keep = a;
        a = b;
        b = keep;
    }
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + 64];
}
