//pass
//--blockDim=64 --gridDim=1
// expect: drf — img: img[4t + 3] lies in thread t's own pixel.
// RGBA pixels written as uchar4, then an alpha fix per byte.
__global__ void pixels(const uchar4 *in, unsigned char *out)
{
    __shared__ unsigned char img[256];
    int t = threadIdx.x;
    ((uchar4 *)img)[t] = in[t];
    img[4 * t + 3] = 255; // the alpha byte of the thread's own pixel
    __syncthreads();
    out[t] = img[t];
}
