//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: the barrier separates every write from every read.
// Write a value, then read the neighbour's after shifting the index.
__global__ void neighbour(const float *in, float *out)
{
    __shared__ float s[64];
    int idx = threadIdx.x;
    auto shift = [&](int d) { idx = (idx + d) % 64; };
    s[idx] = in[threadIdx.x];
    shift(1);
    __syncthreads();
    out[threadIdx.x] = s[idx];
}
