//pass
//--blockDim=256 --gridDim=32
// expect: drf — kept elements are written to out[atomicAdd(count, 1)], a distinct index per thread.
// Stream compaction (unordered): keep the positive elements.
__global__ void compact_positive(const float *in, float *out, unsigned int *count, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float x = in[i];
        if (x > 0.0f)
            out[atomicAdd(count, 1u)] = x;
    }
}
