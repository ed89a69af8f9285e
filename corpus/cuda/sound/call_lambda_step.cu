//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: thread t writes s[t + 32] in its second iteration while thread t + 32 writes s[t + 32] in its first, with no barrier.
// A strided loop whose step is a lambda capturing the counter.
__global__ void scale(const float *in, float *out)
{
    __shared__ float s[256];
    int k = threadIdx.x;
    auto step = [&]() { k += 32; }; // BUG: the stride is half the block
    while (k < 256) {
        s[k] = 2.0f * in[k];
        step();
    }
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
