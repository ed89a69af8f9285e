//pass
//--blockDim=128 --gridDim=32
// expect: drf — the counter moves twice per iteration (once in the body, once in the header), so each thread handles the pair out[2i], out[2i+1] of its own stride; no two threads meet.
// A loop that consumes two elements per step: the counter is also advanced
// in the body, by the same invariant amount every time.
__global__ void pairSums(const float *in, float *out, int n)
{
    int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i + stride < n; i += stride) {
        float a = in[i];
        out[i] = a;
        i += stride;
        out[i] = a + in[i];
    }
}
