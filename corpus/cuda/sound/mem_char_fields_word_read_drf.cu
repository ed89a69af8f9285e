//pass
//--blockDim=64 --gridDim=1
// expect: drf — px: the barrier separates the channel writes from the word reads.
// Four threads fill the channels of a pixel; the first reads it whole.
struct RGBA {
    unsigned char r, g, b, a;
};

__global__ void channels(const unsigned char *in, unsigned *out)
{
    __shared__ RGBA px[16];
    int t = threadIdx.x;
    unsigned char *c = &px[t / 4].r;
    c[t % 4] = in[t];
    __syncthreads();
    if (t % 4 == 0)
        out[t / 4] = *(unsigned *)&px[t / 4];
}
