// Sums each block's 256 values in shared memory.  Known issue #12: the
// loop lacks a barrier; tracked in mapkit-baseline.json until it is fixed.
#define BLOCK 256

__global__ void block_sum(float *sums, const float *in)
{
    __shared__ float s[BLOCK];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * BLOCK + t];
    __syncthreads();
    for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
        if (t < stride)
            s[t] += s[t + stride];
    }
    if (t == 0)
        sums[blockIdx.x] = s[0];
}
