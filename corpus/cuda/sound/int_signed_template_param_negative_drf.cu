//pass
//--blockDim=64 --gridDim=2
// expect: drf — out: whatever SHIFT is, each thread writes its own cell.
// A shift fixed at compile time; no instance is written here, so any int is one.
template <int SHIFT>
__global__ void shifted(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (SHIFT < 0)
        out[i] = in[i];
    else
        out[i] = in[i + SHIFT];
}
