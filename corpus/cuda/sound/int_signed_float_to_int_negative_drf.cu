//pass
//--blockDim=64 --gridDim=2
// expect: drf — below: each thread flags its own sample.
// Quantise samples, and flag those that fell below zero.
__global__ void quantise(const float *x, int *q, int *below)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int level = (int)(x[i] * 16.0f);
    below[i] = level < 0;
    q[i] = level;
}
