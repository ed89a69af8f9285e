//pass
//--blockDim=256 --gridDim=64
// expect: drf — s[0] is read twice between barriers in which no thread writes it, so every thread sees one base value and one outcome of the test guarding the barriers.
// Subtracts the block's first element from every element and, when that element is positive, smooths the result with the neighbour.
__global__ void relativeToFirst(const float *in, float *out)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int gid = blockIdx.x * 256 + tid;
    s[tid] = in[gid];
    __syncthreads();
    float base = s[0];
    float v = s[tid] - base;
    if (s[0] > 0.0f) {
        __syncthreads();
        s[tid] = v;
        __syncthreads();
        v = 0.5f * (v + s[(tid + 1) % 256]);
    }
    out[gid] = v;
}
