// expect: reverse_block=drf
// why: the dynamic shared buffer has one cell per thread (the launch's third argument), each thread stores its own cell and reads its mirror only after the barrier.
// assumes: blockDim = (512,1,1)
// no-host: reverse_block=drf
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void reverse_block(const float *in, float *out)
{
    extern __shared__ float buf[];
    int t = threadIdx.x;
    int base = blockIdx.x * blockDim.x;
    buf[t] = in[base + t];
    __syncthreads();
    out[base + t] = buf[blockDim.x - 1 - t];
}

int main(int argc, char **argv)
{
    int blocks = argc > 1 ? atoi(argv[1]) : 128;
    const int threads = 512;
    float *in, *out;
    cudaMalloc(&in, blocks * threads * sizeof(float));
    cudaMalloc(&out, blocks * threads * sizeof(float));
    reverse_block<<<blocks, threads, threads * sizeof(float)>>>(in, out);
    cudaDeviceSynchronize();
    cudaFree(in);
    cudaFree(out);
    return 0;
}
