//pass
//--blockDim=256 --gridDim=64
// expect: drf — s[tid] is written before the barrier and s[left] (left chosen with ?:) read after it; out[i] is one cell per thread.
// Backward difference with wrap-around inside each block, the neighbour
// index chosen with the conditional operator.
__global__ void cyclicDifference(const float *in, float *out)
{
    __shared__ float s[256];
    unsigned int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;

    s[tid] = in[i];
    __syncthreads();

    unsigned int left = (tid == 0) ? blockDim.x - 1 : tid - 1;
    out[i] = s[tid] - s[left];
}
