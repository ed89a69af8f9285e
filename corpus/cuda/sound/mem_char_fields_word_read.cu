//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — px: thread 4k reads *(unsigned *)&px[k] while threads 4k+1..4k+3 write px[k].g, .b, .a, with no barrier.
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
    if (t % 4 == 0)
        out[t / 4] = *(unsigned *)&px[t / 4]; // BUG: no barrier after the channels
}
