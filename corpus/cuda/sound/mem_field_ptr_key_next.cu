//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — r: thread 1 writes ((unsigned *)&r[0].key)[1], which is r[0].val, while thread 0 writes r[0].val, with no barrier.
// Key-value pairs; thread 1 also fixes the first pair's value through a key pointer.
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
    if (t == 1)
        ((unsigned *)&r[0].key)[1] = 0; // BUG: one unsigned past key is r[0].val
    __syncthreads();
    out[t] = r[t];
}
