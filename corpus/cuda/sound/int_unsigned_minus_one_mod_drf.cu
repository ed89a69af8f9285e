//pass
//--blockDim=48 --gridDim=1
// expect: drf — s: (t + 47) % 48 is a permutation of 0..47.
// Rotate a 48-element ring by one: each thread stores into its predecessor's slot.
__global__ void rotate(const int *in, int *out)
{
    __shared__ int s[48];
    unsigned t = threadIdx.x;
    s[(t + 47u) % 48] = in[t];
    __syncthreads();
    out[t] = s[t];
}
