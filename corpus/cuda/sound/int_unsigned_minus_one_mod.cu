//xfail:NOT_ALL_VERIFIED
//--blockDim=48 --gridDim=1
// expect: racy — s: thread 0 writes s[(0 - 1u) % 48] = s[15] while thread 16 writes s[15], with no barrier.
// Rotate a 48-element ring by one: each thread stores into its predecessor's slot.
__global__ void rotate(const int *in, int *out)
{
    __shared__ int s[48];
    unsigned t = threadIdx.x;
    s[(t - 1u) % 48] = in[t]; // BUG: for t = 0 this is s[15], not s[47]
    __syncthreads();
    out[t] = s[t];
}
