//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — img: thread t writes img[t] (a byte of pixel t / 4) while thread t / 4 writes ((uchar4 *)img)[t / 4], with no barrier.
// RGBA pixels written as uchar4, then an alpha fix per byte.
__global__ void pixels(const uchar4 *in, unsigned char *out)
{
    __shared__ unsigned char img[256];
    int t = threadIdx.x;
    ((uchar4 *)img)[t] = in[t];
    img[t] = 255; // BUG: byte t belongs to pixel t / 4
    __syncthreads();
    out[t] = img[t];
}
