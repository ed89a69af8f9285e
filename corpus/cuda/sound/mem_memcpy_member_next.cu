//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — kv: thread t reads kv[t + 1].key through memcpy(&w, &kv[t].val, 8) while thread t + 1 writes kv[t + 1].key, with no barrier.
// Each thread copies its value and, by mistake, the next key.
struct KV {
    int key;
    int val;
};

__global__ void copyVals(const int *in, long long *out)
{
    __shared__ KV kv[65];
    int t = threadIdx.x;
    kv[t].key = in[t];
    kv[t].val = t;
    long long w;
    memcpy(&w, &kv[t].val, 8); // BUG: 8 bytes from val run into kv[t + 1].key
    out[t] = w;
}
