// expect: scale_image=drf shift_image=racy negate_image=racy
// why: `dim3 threads; threads.x = 128; ... threads.x = 256;` sets the block field by field and the last write before scale_image's launch gives 256 threads, so its blockIdx.x * 256 + threadIdx.x cells never meet; shift_image's launch is in a loop whose second pass comes round after `threads.x = 512`, and negate_image's block is made 512 wide by dim3's operator=, so two blocks share cells.
// assumes: blockDim = (256,1,1), gridDim.y = 1, gridDim.z = 1 from the launch at
// no-host: scale_image=racy shift_image=racy negate_image=racy
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scale_image(float *img, int n)
{
    int i = blockIdx.x * 256 + threadIdx.x;
    if (i < n)
        img[i] = img[i] * 0.5f;
}

__global__ void shift_image(float *img, int n)
{
    int i = blockIdx.x * 256 + threadIdx.x;
    if (i < n)
        img[i] = img[i] + 1.0f;
}

__global__ void negate_image(float *img, int n)
{
    int i = blockIdx.x * 256 + threadIdx.x;
    if (i < n)
        img[i] = -img[i];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 16;
    float *img;
    cudaMalloc(&img, n * sizeof(float));
    dim3 threads;
    threads.x = 128;
    threads.y = 1;
    int blocks_x = n / 256;
    if (n % 256 != 0)
        blocks_x = blocks_x + 1;
    dim3 blocks;
    blocks.x = blocks_x;
    blocks.y = 1;
    threads.x = 256; /* the block scale_image is written for */
    scale_image<<<blocks, threads>>>(img, n);
    for (int pass = 0; pass < 2; pass++) {
        shift_image<<<blocks, threads>>>(img, n);
        threads.x = 512; /* the second pass gets twice the threads */
    }
    dim3 wide(256);
    wide = dim3(512); /* not what its declaration says */
    negate_image<<<blocks, wide>>>(img, n);
    cudaDeviceSynchronize();
    cudaFree(img);
    return 0;
}
