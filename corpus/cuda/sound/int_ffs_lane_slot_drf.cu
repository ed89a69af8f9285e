//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: __ffs(1 << (t % 32)) - 1 is t % 32, so the slot is t.
// One slot per lane bit.
__global__ void laneSlots(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    unsigned bit = 1u << (t % 32);
    s[__ffs(bit) - 1 + 32 * (t / 32)] = in[t];
    __syncthreads();
    out[t] = s[t];
}
