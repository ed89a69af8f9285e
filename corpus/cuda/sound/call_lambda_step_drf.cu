//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: thread t writes s[t + 64j], one residue class modulo 64 per thread.
// A strided loop whose step is a lambda capturing the counter.
__global__ void scale(const float *in, float *out)
{
    __shared__ float s[256];
    int k = threadIdx.x;
    auto step = [&]() { k += 64; };
    while (k < 256) {
        s[k] = 2.0f * in[k];
        step();
    }
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
