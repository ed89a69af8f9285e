// expect: vector_add=drf
// why: each thread writes c[i] for its own global index i; the size comes from argv, so the launch gives blockDim = 256 and the relation gridDim.x * 256 >= n.
// assumes: gridDim.x * 256 >= n
// no-host: vector_add=drf
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define THREADS 256

__global__ void vector_add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    size_t bytes = (size_t)n * sizeof(float);
    float *a, *b, *c;
    cudaMalloc(&a, bytes);
    cudaMalloc(&b, bytes);
    cudaMalloc(&c, bytes);
    int blocks = (n + THREADS - 1) / THREADS;
    vector_add<<<blocks, THREADS>>>(a, b, c, n);
    cudaDeviceSynchronize();
    printf("done: %d elements in %d blocks\n", n, blocks);
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    return 0;
}
