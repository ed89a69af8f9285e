//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: racy — s: thread t writes s[t] while thread t-1 reads s[t] in the neighbour sum, with only the divergent barrier (inside the bounds check) between them; the barrier also diverges.
// Neighbour sum with the barrier inside the bounds check (a common mistake)
// and a read of the neighbour's cell that no barrier orders.
__global__ void neighbourSumGuardedSync(const float *in, float *out, int n)
{
    __shared__ float s[257];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    if (i < n) {
        s[t] = in[i];
        __syncthreads();
    }
    s[t] = s[t] + s[t + 1];
    if (i < n)
        out[i] = s[t];
}
