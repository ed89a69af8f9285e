//pass
//--blockDim=[16,16] --gridDim=4
// expect: drf — `i <= log2f(16)` and `powf(2, i)` are computed from numbers the whole block shares, and the branch on the float parameter `scale` is the same everywhere, so every thread runs the same barriers; the tree step writes rows ty with ty % step == 0 and reads row ty + step / 2, which no thread writes in that step.
// Per-column sums of a 16 x 16 tile by halving (Rodinia backprop's
// layer-forward style), scaled when the caller asks for it.
__global__ void columnSums(const float *in, float *sums, float scale)
{
    __shared__ float tile[16][16];
    int tx = threadIdx.x, ty = threadIdx.y;
    tile[ty][tx] = in[(blockIdx.x * 16 + ty) * 16 + tx];
    __syncthreads();
    for (int i = 1; i <= log2f(16); i++) {
        int step = powf(2, i);
        if (ty % step == 0)
            tile[ty][tx] = tile[ty][tx] + tile[ty + step / 2][tx];
        __syncthreads();
    }
    if (scale != 1.0f) {
        float v = tile[0][tx] * scale;
        __syncthreads();
        if (ty == 0)
            tile[0][tx] = v;
        __syncthreads();
    }
    if (ty == 0)
        sums[blockIdx.x * 16 + tx] = tile[0][tx];
}
