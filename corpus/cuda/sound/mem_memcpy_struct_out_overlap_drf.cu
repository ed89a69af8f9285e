//pass
//--blockDim=64 --gridDim=1
// expect: drf — buf: thread t copies to bytes 12t..12t+11, its own; the reads follow the barrier.
// Serialise 12-byte records into a shared buffer.
struct Rec {
    int id;
    float w;
    float h;
};

__global__ void serialise(const Rec *in, char *out)
{
    __shared__ char buf[12 * 64];
    int t = threadIdx.x;
    Rec r = in[t];
    memcpy(buf + sizeof r * t, &r, sizeof r);
    __syncthreads();
    out[t] = buf[t];
}
