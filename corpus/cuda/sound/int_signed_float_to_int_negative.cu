//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — below: an int converted from a float may be negative, and those threads all write below[0].
// Quantise samples, and note one that fell below zero.
__global__ void quantise(const float *x, int *q, int *below)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int level = (int)(x[i] * 16.0f);
    if (level < 0)
        below[0] = i; // BUG: two threads with negative samples race
    q[i] = level;
}
