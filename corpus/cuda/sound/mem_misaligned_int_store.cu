//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — out: thread i writes bytes 4i+2..4i+5 through the misaligned view, reaching bytes 0..1 of out[i + 1], which thread i + 1 writes.
// Store a value and a half-word-shifted tag into the same output.
__global__ void tagShifted(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i];
    int *tag = (int *)((char *)out + 2);
    tag[i] = in[i] >> 16; // BUG: an int at byte 4i+2 covers out[i + 1]'s low half
}
