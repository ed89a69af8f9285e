//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: threads t and t + 16 both write s[__ffs(1u << (t % 16)) - 1 + 32 * (t / 32)], with no barrier.
// One slot per lane bit.
__global__ void laneSlots(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    unsigned bit = 1u << (t % 16); // BUG: the lane is t % 32
    s[__ffs(bit) - 1 + 32 * (t / 32)] = in[t];
    __syncthreads();
    out[t] = s[t];
}
