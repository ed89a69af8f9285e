//pass
//--blockDim=128 --gridDim=32
// expect: drf — the stride of the block-stride loop is the launcher's template argument BLOCK = 128, given by the explicit instantiations of the launcher; each thread of a block handles its own cells of the block's segment.
// Scaling a vector segment by segment.  The launcher is a host function
// template whose parameter is passed on to the kernel's launch, and the
// launcher is instantiated explicitly, as libraries that compile their
// kernels in one file do.
template <class T, int BLOCK>
__global__ void scaleSegments(T *data, T factor, int segment)
{
    int start = blockIdx.x * segment;
    for (int i = start + threadIdx.x; i < start + segment; i += BLOCK)
        data[i] = data[i] * factor;
}

template <class T, int BLOCK>
void launchScale(T *data, T factor, int n, int blocks)
{
    scaleSegments<T, BLOCK><<<blocks, BLOCK>>>(data, factor, n / blocks);
}

template void launchScale<float, 128>(float *, float, int, int);
template void launchScale<double, 128>(double *, double, int, int);
