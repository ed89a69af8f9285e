//xfail:NOT_ALL_VERIFIED
//--blockDim=40 --gridDim=1
// expect: racy — s: thread 0 writes s[(unsigned)-1 % 40] = s[15] while thread 16 writes s[15], with no barrier.
// Store each value into the previous slot of a ring of 40.
__global__ void previous(const float *in, float *out)
{
    __shared__ float s[40];
    int prev = (int)threadIdx.x - 1;
    unsigned slot = (unsigned)prev % 40; // BUG: -1 becomes 4294967295, 15 modulo 40
    s[slot] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
