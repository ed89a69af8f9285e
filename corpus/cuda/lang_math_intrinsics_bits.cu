//pass
//--blockDim=256 --gridDim=64
// expect: drf — the intrinsics compute values of the thread's own; the only accesses are in[i], w[i] and out[i] of the thread.
// Bit and math intrinsics of the CUDA math API (byte permutes, funnel
// shifts, dot products of packed bytes, reciprocal norms).
__global__ void mixBits(const unsigned int *in, const float3 *w, unsigned int *out, float *norms, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned int v = in[i];
    unsigned int r = __brev(v) ^ __byte_perm(v, 0u, 0x0123);
    r = __funnelshift_l(r, v, 7) + (unsigned int)__popc(v) + (unsigned int)__clz((int)v);
    int packed = __dp4a((int)v, 0x01010101, 0);
    out[i] = r + (unsigned int)packed + __usad(v, r, 0u);
    float3 p = w[i];
    norms[i] = rnorm3df(p.x, p.y, p.z) + erfcinvf(0.5f) + __saturatef(p.x);
}
