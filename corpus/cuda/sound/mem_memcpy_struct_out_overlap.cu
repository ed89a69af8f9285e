//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — buf: thread t copies 12 bytes to byte 8t, reaching bytes 8t+8..8t+11, which thread t + 1 writes.
// Serialise 12-byte records into a shared buffer with an 8-byte stride.
struct Rec {
    int id;
    float w;
    float h;
};

__global__ void serialise(const Rec *in, char *out)
{
    __shared__ char buf[8 * 64 + 16];
    int t = threadIdx.x;
    Rec r = in[t];
    memcpy(buf + 8 * t, &r, sizeof r); // BUG: the stride should be sizeof r
    __syncthreads();
    out[t] = buf[t];
}
