//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — partial: threads 1, 2 and 3 all write partial[16] (the bool lane is 1 for each), with no barrier.
// Transpose 4-thread groups into four 16-element columns.
__global__ void columns(const float *in, float *out)
{
    __shared__ float partial[64];
    int t = threadIdx.x;
    bool lane = t & 3; // BUG: a bool holds only 0 or 1
    partial[lane * 16 + t / 4] = in[t];
    __syncthreads();
    out[t] = partial[t];
}
