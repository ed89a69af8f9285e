// expect: block_partials=drf
// why: kThreads = kWarps * kWarpSize = 128 threads per block, the size the kernel's shared array and its blockIdx.x * kThreads offsets use.
// assumes: blockDim = (128,1,1)
// no-host: block_partials=drf
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

enum { kWarpSize = 32 };
constexpr int kWarps = 4;
constexpr int kThreads = kWarps * kWarpSize;

__global__ void block_partials(const float *in, float *out)
{
    __shared__ float partial[kThreads];
    int t = threadIdx.x;
    partial[t] = in[blockIdx.x * kThreads + t] * 0.5f;
    __syncthreads();
    out[blockIdx.x * kThreads + t] = partial[t] + partial[(t + 1) % kThreads];
}

int main(int argc, char **argv)
{
    int blocks = argc > 1 ? atoi(argv[1]) : 256;
    float *in, *out;
    cudaMalloc(&in, blocks * kThreads * sizeof(float));
    cudaMalloc(&out, blocks * kThreads * sizeof(float));
    block_partials<<<blocks, kThreads>>>(in, out);
    cudaDeviceSynchronize();
    cudaFree(in);
    cudaFree(out);
    return 0;
}
