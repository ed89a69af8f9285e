// expect: scale_rows=drf scale_rows=racy
// why: the first launch's grid has exactly `rows` rows (dim3's y is the `rows` the kernel gets too), so blockIdx.y picks a row of its own in each image; the second one has a row more, whose blocks scale the next image's first row again.
// assumes: gridDim.y * 1 <= rows
// no-host: scale_rows=racy
#include <cstdlib>
#include <cuda_runtime.h>

#define THREADS 256

// Every row of every image in a batch scaled by its own factor: blockIdx.x
// walks the row, blockIdx.y picks the row and blockIdx.z the image.
__global__ void scale_rows(float *data, const float *factor, int rows, int width)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y;
    int image = blockIdx.z;
    if (col < width)
        data[(image * rows + row) * width + col] *= factor[row];
}

int main(int argc, char **argv)
{
    int rows = argc > 1 ? atoi(argv[1]) : 64;
    int width = argc > 2 ? atoi(argv[2]) : 1000;
    int images = argc > 3 ? atoi(argv[3]) : 8;
    float *data, *factor;
    cudaMalloc(&data, (size_t)images * rows * width * sizeof(float));
    cudaMalloc(&factor, rows * sizeof(float));
    dim3 grid((width + THREADS - 1) / THREADS, rows, images);
    scale_rows<<<grid, THREADS>>>(data, factor, rows, width);
    dim3 padded((width + THREADS - 1) / THREADS, rows + 1, images);
    scale_rows<<<padded, THREADS>>>(data, factor, rows, width);
    cudaDeviceSynchronize();
    cudaFree(data);
    cudaFree(factor);
    return 0;
}
