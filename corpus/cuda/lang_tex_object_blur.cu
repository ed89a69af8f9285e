//pass
//--blockDim=[16,16] --gridDim=[8,8]
// expect: drf — the eight neighbours come from a texture object (read-only, never a race); each thread writes only out[y * w + x].
// 3x3 box blur that fetches through a texture object with clamped
// addressing, in the style of the CUDA programming guide.
__global__ void boxBlur(cudaTextureObject_t src, float *out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    float sum = 0.0f;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            sum += tex2D<float>(src, x + dx + 0.5f, y + dy + 0.5f);
    out[y * w + x] = sum / 9.0f;
}
