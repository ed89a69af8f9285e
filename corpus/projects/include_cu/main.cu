#include "kernels.cu"

int main()
{
    int n = 1 << 12;
    float *in, *out;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, n * sizeof(float));
    stencil<<<n / 32, 32>>>(in, out, n);
    return 0;
}
