//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: divergent — the __syncthreads() in the loop: advance() steps by 1 or 2 with the thread's parity, so threads run 8 or 4 iterations.
// A helper advances the round counter.
__device__ void advance(int &k, int t)
{
    k += 1 + (t & 1); // BUG: odd threads skip rounds
}

__global__ void rotate(float *data)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    for (int k = 0; k < 8; advance(k, t)) {
        s[t] = data[t];
        __syncthreads();
        data[t] = s[(t + 1) % 64];
        __syncthreads();
    }
}
