// expect: normalize=drf
// why: each batch is launched on its own stream with its own offset; inside a launch every thread owns row[i] for its index.
// assumes: blockDim = (128,1,1)
// no-host: normalize=drf
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BATCHES 4
#define THREADS 128

__global__ void normalize(float *row, float inv, int len)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < len)
        row[i] *= inv;
}

int main(int argc, char **argv)
{
    int len = argc > 1 ? atoi(argv[1]) : 1 << 14;
    float *data;
    cudaMalloc(&data, BATCHES * len * sizeof(float));
    cudaStream_t streams[BATCHES];
    for (int s = 0; s < BATCHES; s++)
        cudaStreamCreate(&streams[s]);
    for (int s = 0; s < BATCHES; s++) {
        int offset = s * len;
        normalize<<<(len + THREADS - 1) / THREADS, THREADS, 0, streams[s]>>>(data + offset, 0.5f, len);
    }
    for (int s = 0; s < BATCHES; s++) {
        cudaStreamSynchronize(streams[s]);
        cudaStreamDestroy(streams[s]);
    }
    cudaFree(data);
    return 0;
}
