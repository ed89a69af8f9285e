//pass
//--blockDim=[16,16] --gridDim=[8,4]
// expect: drf — idata is only read and each thread writes its own odata[x*height+y] under the guard x < width && y < height.
// Naive out-of-place transpose: reads are coalesced, writes are strided.
__global__ void transposeNaive(float *odata, const float *idata, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;

    if (x < width && y < height)
        odata[x * height + y] = idata[y * width + x];
}
