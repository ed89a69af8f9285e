//pass
//--blockDim=64 --gridDim=1
// expect: drf — r: ((unsigned *)&r[0].key)[1] is r[0].val, written by thread 0 only, its own pair.
// Key-value pairs; thread 0 also fixes its own pair's value through a key pointer.
struct KV {
    unsigned key;
    unsigned val;
};

__global__ void fixFirst(const unsigned *in, KV *out)
{
    __shared__ KV r[64];
    int t = threadIdx.x;
    r[t].key = in[t];
    r[t].val = t;
    if (t == 0)
        ((unsigned *)&r[0].key)[1] = 0;
    __syncthreads();
    out[t] = r[t];
}
