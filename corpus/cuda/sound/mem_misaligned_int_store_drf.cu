//pass
//--blockDim=64 --gridDim=4
// expect: drf — out: thread i writes out[i] and its own bytes 4i+2..4i+3.
// Store a value and a half-word-shifted tag into the same output.
__global__ void tagShifted(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i];
    short *tag = (short *)out;
    tag[2 * i + 1] = (short)(in[i] >> 16); // bytes 4i+2..4i+3, inside out[i]
}
