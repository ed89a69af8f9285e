//pass
//--blockDim=[16,16] --gridDim=[8,8]
// expect: drf — each thread reads the uchar4 pixel rgba[r*numCols+c] and writes grey[r*numCols+c] under r < numRows && c < numCols, one cell per thread.
// RGBA to greyscale conversion over a 2-D grid of 2-D blocks.
__global__ void rgbaToGreyscale(const uchar4 *rgba, unsigned char *grey, int numRows, int numCols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;

    if (r < numRows && c < numCols) {
        uchar4 p = rgba[r * numCols + c];
        grey[r * numCols + c] = (unsigned char)(0.299f * p.x + 0.587f * p.y + 0.114f * p.z);
    }
}
