//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: thread t reads s[(t + 1) % 64] (shift moved idx) while thread t + 1 writes it, with no barrier.
// Write a value, then read the neighbour's after shifting the index.
__global__ void neighbour(const float *in, float *out)
{
    __shared__ float s[64];
    int idx = threadIdx.x;
    auto shift = [&](int d) { idx = (idx + d) % 64; };
    s[idx] = in[threadIdx.x];
    shift(1);
    out[threadIdx.x] = s[idx]; // BUG: no barrier before reading the neighbour's cell
}
