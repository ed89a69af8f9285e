//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=32
// expect: racy — the body advances the counter by 1, not by the stride: the second write out[i + 1] of one thread hits the first write out[i] of its right neighbour.
// The pair loop with the in-body step written wrongly.
__global__ void pairSumsRacy(const float *in, float *out, int n)
{
    int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i + 1 < n; i += stride) {
        float a = in[i];
        out[i] = a;
        i += 1;
        out[i] = a + in[i];
    }
}
