// expect: scale_rows=drf scale_rows=racy
// why: each launch's block comes from a helper that returns a dim3 built as {x, y, 1}; the first helper's rows are 1 on every path (blockDim.y = 1), so the index block * blockDim.x * blockDim.y + threadIdx.x is each thread's own; the second asks for 4 rows, and threads of one column then share a cell.
// assumes: blockDim.y = 4, blockDim.z = 1, gridDim.y = 1
// no-host: scale_rows=racy
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scale_rows(float *v, float s, int n)
{
    unsigned block = blockIdx.y * gridDim.x + blockIdx.x;
    unsigned i = block * blockDim.x * blockDim.y + threadIdx.x;
    if (i < n)
        v[i] = v[i] * s;
}

/* As many threads as the row has, up to 256, in one row. */
static dim3 one_row(int width)
{
    unsigned x = 256;
    if (width < 256)
        x = width;
    dim3 b = {x, 1, 1};
    return b;
}

/* The same in rows of four: scale_rows ignores threadIdx.y, a bug. */
static dim3 four_rows(int width)
{
    if (width < 64)
        return dim3(width, 4);
    return dim3(64, 4);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4096;
    int width = argc > 2 ? atoi(argv[2]) : 256;
    float *v;
    cudaMalloc(&v, n * sizeof(float));
    scale_rows<<<(n + 255) / 256, one_row(width)>>>(v, 2.0f, n);
    scale_rows<<<(n + 255) / 256, four_rows(width)>>>(v, 0.5f, n);
    cudaDeviceSynchronize();
    cudaFree(v);
    return 0;
}
