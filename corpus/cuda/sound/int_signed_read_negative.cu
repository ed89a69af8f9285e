//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — last_negative: the values read are ints, so several threads may read a negative one and write last_negative[0].
// Clamp negative values to zero and remember where one was.
__global__ void clamp_negative(const int *in, int *out, int *last_negative)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    if (v < 0)
        last_negative[0] = i; // BUG: two threads with negative values race
    out[i] = v < 0 ? 0 : v;
}
