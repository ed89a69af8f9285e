//pass
//--blockDim=256 --gridDim=32
// expect: drf — block b copies the chunk [b * chunk, (b + 1) * chunk) with a block-stride loop of stride BLOCK = 256 (the template argument of the launch inside the host template), each thread its own cells.
// A block-stride copy whose stride is a template argument.  The launch is
// inside a host function template, which clang leaves uninstantiated in
// the tree libclang shows: the literal 256 is read from the launch as
// written (without it the stride may be 0 and the loop may never end).
template <class T, int BLOCK>
__global__ void copyChunks(const T *in, T *out, int chunk)
{
    int start = blockIdx.x * chunk;
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
