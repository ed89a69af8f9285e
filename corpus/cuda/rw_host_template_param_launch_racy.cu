//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=32
// expect: racy — data: the double instantiation of the launcher passes BLOCK = 64 with 128-thread blocks, so thread t and thread t + 64 both update data[start + t + 64].
// Scaling a vector segment by segment.  The launcher is a host function
// template whose parameter is passed on to the kernel's launch, and the
// launcher is instantiated explicitly, as libraries that compile their
// kernels in one file do.  The double version is instantiated with a
// stride smaller than the block.
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
    scaleSegments<T, BLOCK><<<blocks, 128>>>(data, factor, n / blocks);
}

template void launchScale<float, 128>(float *, float, int, int);
template void launchScale<double, 64>(double *, double, int, int);
