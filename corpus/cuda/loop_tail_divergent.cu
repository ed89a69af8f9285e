//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — the block-stride loop runs 4 times for threads 0..231 and 3 times for threads 232..255 (SEG = 1000), so the barriers in its 4th iteration are reached by only part of the block.
// Each block smooths its own 1000-element segment in chunks of blockDim.x,
// with barriers inside a loop whose trip count depends on threadIdx.x.
#define SEG 1000

__global__ void smoothSegments(const float *in, float *out)
{
    __shared__ float s[256];
    unsigned int tid = threadIdx.x;

    for (int k = tid; k < SEG; k += blockDim.x) {
        s[tid] = in[blockIdx.x * SEG + k];
        __syncthreads();              // BUG: trip count differs between threads
        out[blockIdx.x * SEG + k] = 0.5f * (s[tid] + s[(tid + 1) % blockDim.x]);
        __syncthreads();
    }
}
