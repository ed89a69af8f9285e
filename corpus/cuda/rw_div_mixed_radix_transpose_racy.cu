//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — the output index leaves out the channel stride: threads with (ch, x) = (1, 0) and (0, 1) of one (b, y) both write out[(b * height + y) * width + 1]; write-write race on out.
// The NCHW to NHWC change of rw_div_mixed_radix_transpose.cu with the
// channel written as an offset of the pixel instead of its last index.
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
    out[(b * height + y) * width + x + ch] = in[i];
}
