//pass
//--blockDim=256 --gridDim=64
// expect: drf — shuffles touch no memory; warpSums[warp] is written by lane 0 of each warp before the barrier and only read after it; out[blockIdx.x] is written by thread 0 of each block.
// Modern block sum: reduce inside each warp with shuffles, park one partial
// per warp in shared memory, and let warp 0 reduce the partials.
__inline__ __device__ float warpReduceSum(float v)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void reduceShuffle(const float *in, float *out, int n)
{
    __shared__ float warpSums[32];

    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % warpSize;
    int warp = threadIdx.x / warpSize;

    float v = (i < n) ? in[i] : 0.0f;
    v = warpReduceSum(v);
    if (lane == 0)
        warpSums[warp] = v;
    __syncthreads();

    if (warp == 0) {
        v = (threadIdx.x < blockDim.x / warpSize) ? warpSums[lane] : 0.0f;
        v = warpReduceSum(v);
        if (lane == 0)
            out[blockIdx.x] = v;
    }
}
