//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — f: thread 0 writes f.lo and thread 1 writes f.hi, two bit-fields of the same byte, with no barrier.
// Two status nibbles packed into one byte.
struct Flags {
    unsigned char lo : 4;
    unsigned char hi : 4;
};

__global__ void status(const int *in, int *out)
{
    __shared__ Flags f;
    int t = threadIdx.x;
    if (t == 0)
        f.lo = in[0] & 15;
    if (t == 1)
        f.hi = in[1] & 15; // BUG: the same byte as f.lo
    __syncthreads();
    out[t] = f.lo + f.hi;
}
