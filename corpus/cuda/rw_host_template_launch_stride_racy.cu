//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: racy — out: the chunks start at blockIdx.x * (chunk - 1), so the last cell block b writes, out[b * (chunk - 1) + chunk - 1], is the first cell block b + 1 writes.
// A block-stride copy whose stride is a template argument.  The launch is
// inside a host function template, which clang leaves uninstantiated in
// the tree libclang shows: the literal 256 is read from the launch as
// written (without it the stride may be 0 and the loop may never end).
// The chunks overlap: each starts one cell before the previous one ends.
template <class T, int BLOCK>
__global__ void copyChunks(const T *in, T *out, int chunk)
{
    int start = blockIdx.x * (chunk - 1);
    for (int i = start + threadIdx.x; i < start + chunk; i += BLOCK)
        out[i] = in[i];
}

template <class T>
void copyAll(const T *in, T *out, int n, int blocks)
{
    copyChunks<T, 256><<<blocks, 256>>>(in, out, n / blocks);
}

void copyFloats(const float *in, float *out, int n)
{
    copyAll(in, out, n, 32);
}
