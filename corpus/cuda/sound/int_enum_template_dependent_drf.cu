//pass
//--blockDim=64 --gridDim=2
// expect: drf — out: below LIMIT each thread writes its own cell of its block's row.
// A limit named by an enumerator of the kernel template: clang leaves its value uncomputed in the pattern.
template <int B>
__global__ void clampFirst(int *out)
{
    enum { LIMIT = B * 2 };
    if (threadIdx.x < LIMIT)
        out[blockIdx.x * 64 + threadIdx.x] = threadIdx.x;
}
