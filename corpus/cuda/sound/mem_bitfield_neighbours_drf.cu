//pass
//--blockDim=64 --gridDim=1
// expect: drf — f: f.lo and f.hi are distinct bytes, each written by one thread; the reads follow the barrier.
// Two status nibbles, each in its own byte.
struct Flags {
    unsigned char lo;
    unsigned char hi;
};

__global__ void status(const int *in, int *out)
{
    __shared__ Flags f;
    int t = threadIdx.x;
    if (t == 0)
        f.lo = in[0] & 15;
    if (t == 1)
        f.hi = in[1] & 15;
    __syncthreads();
    out[t] = f.lo + f.hi;
}
