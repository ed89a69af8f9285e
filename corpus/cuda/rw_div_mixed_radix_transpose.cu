//pass
//--blockDim=256 --gridDim=64
// expect: drf — thread i splits i into (b, ch, y, x) by / and % over width, height and channels and writes the one NHWC cell of that tuple; no two threads have the same tuple (the sizes are not 0: C++ leaves i / 0 undefined).
// An NCHW to NHWC layout change, one element per thread, the sizes being
// kernel parameters.
__global__ void nchwToNhwc(int count, const float *in, float *out, int width, int height, int channels)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count)
        return;
    int x = i % width;
    int rest = i / width;
    int y = rest % height;
    rest /= height;
    int ch = rest % channels;
    int b = rest / channels;
    out[((b * height + y) * width + x) * channels + ch] = in[i];
}
