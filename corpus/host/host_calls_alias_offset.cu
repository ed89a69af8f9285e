// expect: copy=racy
// why: the launch passes x and x + 1, so out[i] is x[i + 1], the cell thread i + 1 reads as in[i + 1].
// assumes: they are checked as one array
// no-host: copy=drf
#include <cuda_runtime.h>

__global__ void copy(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i] * 2.0f;
}

int main()
{
    float *x;
    cudaMalloc(&x, 65 * sizeof(float));
    copy<<<1, 64>>>(x, x + 1);
    cudaDeviceSynchronize();
    cudaFree(x);
    return 0;
}
