#include <cstdio>

/* the kernels, declared here without a header (their definitions are in
 * kernels.cu, another translation unit) */
__global__ void block_reduce(const int *in, int *out);
__global__ void copy_cells(const int *in, int *out, int n);

static void run(int *in, int *out, int n)
{
    block_reduce<<<n / 256, 256>>>(in, out);
}

int main()
{
    const int n = 1 << 16;
    int *in, *out, *copy;
    cudaMalloc(&in, n * sizeof(int));
    cudaMalloc(&out, n * sizeof(int));
    cudaMalloc(&copy, n * sizeof(int));
    run(in, out, n);
    copy_cells<<<n / 128, 128>>>(in, copy, n);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
