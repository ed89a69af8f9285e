//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1
// expect: racy — s: thread t writes s[t + 64] in its second iteration while thread t + 64 writes s[t + 64] in its first, with no barrier.
// A walker object with a limit, advanced through this.
struct Walker {
    int pos;
    int limit;
    __device__ void next() { this->pos += 64; } // BUG: the block has 128 threads
};

__global__ void gather(const int *in, int *out)
{
    __shared__ int s[512];
    for (Walker w{(int)threadIdx.x, 512}; w.pos < w.limit; w.next())
        s[w.pos] = in[w.pos] + w.limit;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
