//pass
//--blockDim=64 --gridDim=2
// expect: drf — count_negative: the threads that read a negative value count it atomically.
// Clamp negative values to zero and count them.
__global__ void clamp_negative(const int *in, int *out, int *count_negative)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    if (v < 0)
        atomicAdd(count_negative, 1);
    out[i] = v < 0 ? 0 : v;
}
