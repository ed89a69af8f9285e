//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — the invariants in the condition change nothing: without the second barrier the next step's store to s races with this step's mirrored read.
__global__ void k(float *out, const float *in, int steps)
{
    __shared__ float s[64];
    for (int t = 0; __invariant(t >= 0), __invariant(__write_implies(s, t >= 0)), t < steps; t++) {
        s[threadIdx.x] = in[t * 64 + threadIdx.x];
        __syncthreads();
        out[blockIdx.x * 64 + threadIdx.x] += s[63 - threadIdx.x];
    }
}
