//pass
//--blockDim=64 --gridDim=2
// expect: drf — flag: each thread flags its own position.
// Advance positions by a 64-bit delta; a negative one is flagged.
__global__ void advance(long long *pos, int *flag, long long delta)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (delta < 0)
        flag[i] = 1;
    else
        pos[i] += delta;
}
