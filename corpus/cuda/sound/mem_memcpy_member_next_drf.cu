//pass
//--blockDim=64 --gridDim=1
// expect: drf — kv: memcpy reads the 4 bytes of kv[t].val, the thread's own.
// Each thread copies its value.
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
    int w;
    memcpy(&w, &kv[t].val, 4);
    out[t] = w;
}
