//pass
//--blockDim=128 --gridDim=16
// expect: drf — the bounds n = 2 * blockDim.x and tiles (from the width parameter) are computed before the loops and are the same in every thread of a block, so the barriers in the loops are reached by all; each thread touches only s[tid] and s[tid + blockDim.x].
// Loop bounds that are uniform expressions computed before the loop: a
// local from blockDim, and a const computed from a kernel parameter.
#define TILE 256

__global__ void smoothRows(const float *in, float *out, int width)
{
    __shared__ float s[TILE];
    int n = blockDim.x * 2;                  // elements per block
    const int tiles = (width + n - 1) / n;   // tiles per row
    float acc = 0.0f;
    for (int t = 0; t < tiles; ++t) {
        int base = (blockIdx.x * tiles + t) * n;
        for (int i = threadIdx.x; i < n; i += blockDim.x)
            s[i] = in[base + i];
        __syncthreads();
        acc += s[threadIdx.x] + s[threadIdx.x + blockDim.x];
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
