//pass
//--blockDim=64 --gridDim=4
// expect: drf — out: out[2i + 1] lies in thread i's own int2.
// Store a pair per thread, then bump its second element.
__global__ void pairs(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    ((int2 *)out)[i] = make_int2(in[i], -in[i]);
    out[2 * i + 1] = 0; // the second half of the thread's own pair
}
