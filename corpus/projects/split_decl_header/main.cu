#include <cstdlib>
#include "kernels.cuh"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4096;
    float *x, *sums;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&sums, (n / 64) * sizeof(float));
    scale<<<(n + 255) / 256, 256>>>(x, n);
    tile_sum<<<n / 64, 64>>>(x, sums);
    cudaDeviceSynchronize();
    return 0;
}
