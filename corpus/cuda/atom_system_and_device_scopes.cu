//pass
//--blockDim=128 --gridDim=8
// expect: drf — flags[0] is updated by atomicOr_system and atomicAdd: atomics of device and system scope never race with each other.
// Device- and system-scoped atomics on one cell.
__global__ void raise_flags(const int *in, unsigned int *flags, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] < 0)
        atomicOr_system(&flags[0], 1u);
    else if (i < n)
        atomicAdd(&flags[0], 2u);
}
