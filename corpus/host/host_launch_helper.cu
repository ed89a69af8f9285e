// expect: scale=drf
// why: the kernel hard-codes 256 threads per block in its index; the only launch, in a helper, uses 256 threads and (n + 255) / 256 blocks for the n it passes.
// assumes: gridDim.x * 256 >= n
// no-host: scale=racy
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scale(float *data, float alpha, int n)
{
    int i = blockIdx.x * 256 + threadIdx.x;
    if (i < n)
        data[i] = alpha * data[i];
}

static void launch_scale(float *data, float alpha, int n, cudaStream_t stream)
{
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    scale<<<blocks, threads, 0, stream>>>(data, alpha, n);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    float *d;
    cudaMalloc(&d, n * sizeof(float));
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    launch_scale(d, 2.0f, n, stream);
    cudaStreamSynchronize(stream);
    cudaStreamDestroy(stream);
    cudaFree(d);
    return 0;
}
