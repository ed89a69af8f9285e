//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: thread t writes s[t + 32] in its second iteration while thread t + 32 writes s[t + 32] in its first, with no barrier.
// A position object stepped by the loop's header.
struct Pos {
    int i;
};

__global__ void stride(const float *in, float *out)
{
    __shared__ float s[256];
    for (Pos p{(int)threadIdx.x}; p.i < 256; p.i += 32) // BUG: the block has 64 threads
        s[p.i] = in[p.i];
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
