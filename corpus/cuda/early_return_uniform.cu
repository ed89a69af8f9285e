//pass
//--blockDim=256 --gridDim=64
// expect: drf — both early returns test only blockIdx.x and uniform parameters, so whole blocks leave before any barrier; the rest is a sequential-addressing tree and one out[] cell per block.
// Sums of fixed-size segments, one block per segment; surplus blocks and
// empty inputs leave early (uniformly within each block).
__global__ void segmentSums(const float *in, float *out, int segLen, int numSegments)
{
    __shared__ float sdata[256];

    if (blockIdx.x >= numSegments)    // same for every thread of the block
        return;
    if (segLen <= 0)
        return;

    unsigned int tid = threadIdx.x;
    float acc = 0.0f;
    for (int k = tid; k < segLen; k += blockDim.x)
        acc += in[blockIdx.x * segLen + k];
    sdata[tid] = acc;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}
