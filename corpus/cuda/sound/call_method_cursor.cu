//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: thread t writes s[t + 32] in its second iteration while thread t + 32 writes s[t + 32] in its first, with no barrier.
// A cursor object walks a tile.
struct Cursor {
    int i;
    __device__ void advance() { i += 32; } // BUG: the block has 64 threads
};

__global__ void walk(const float *in, float *out)
{
    __shared__ float s[256];
    for (Cursor c{(int)threadIdx.x}; c.i < 256; c.advance())
        s[c.i] = in[c.i];
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
