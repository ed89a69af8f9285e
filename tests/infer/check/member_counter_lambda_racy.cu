//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: a lambda defined before the loop (walk) or a reference to the object (walk2) moves c.i back by 63 each iteration, so thread t writes s[t + 1] in its second iteration as thread t + 1 does in its first; the member counter is not taken as c.i0 + 64 iter
struct Cursor {
    int i;
    __device__ void advance() { i += 64; }
};
__global__ void walk(const float *in, float *out)
{
    __shared__ float s[256];
    Cursor c{(int)threadIdx.x};
    auto back = [&] { c.i -= 63; };
    for (; c.i < 256; c.advance()) {
        s[c.i] = in[c.i];
        back();
    }
}
__global__ void walk2(const float *in, float *out)
{
    __shared__ float s[256];
    Cursor d{(int)threadIdx.x};
    Cursor &c = d;
    for (; c.i < 256; c.advance()) {
        s[c.i] = in[c.i];
        d.i -= 63;
    }
}
