//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — the struct assignment reads s[threadIdx.x] and writes s[threadIdx.x + 1], so thread t's read of s[t] meets thread t - 1's write of it.
// Whole-struct copies between shared-memory elements.
struct Pair {
    float a, b;
};

__global__ void shiftPairs(const Pair *in, Pair *out)
{
    __shared__ Pair s[64 + 1];
    s[threadIdx.x + 1] = s[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
