// Surfaces are global arrays indexed by their coordinates [z][y][x], x in
// bytes; texture fetches are values.
surface<void, 2> outRef;

__global__ void filter(cudaTextureObject_t src, cudaSurfaceObject_t dst, cudaSurfaceObject_t vol, int w)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    float v = tex2D<float>(src, x, y) + tex1Dfetch<float>(src, x);
    float old;
    surf2Dread(&old, dst, x * 4, y);
    surf2Dwrite(old + v, dst, x * 4, y);
    float z = surf3Dread<float>(vol, x * 4, y, 2);
    surf1DLayeredwrite(z, vol, x * 4, 1);
    surf2Dwrite(v, outRef, x * 4, y);
}
