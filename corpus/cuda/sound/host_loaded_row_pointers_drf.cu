//pass
//--blockDim=64 --gridDim=2
// expect: drf — rows, out: the rows reached through the table are only read; block b writes out[64b + t], its own cells.
#include <cuda_runtime.h>

// Each block scales one row, reached through a table of row pointers, into a dense output.
__global__ void scaleRows(float *const *rows, const float *scale, float *out)
{
    const float *row = rows[blockIdx.x];
    out[blockIdx.x * 64 + threadIdx.x] = row[threadIdx.x] * scale[blockIdx.x];
}

int main()
{
    float *x, *s, *out;
    float **table;
    cudaMalloc(&x, 64 * sizeof(float));
    cudaMalloc(&s, 2 * sizeof(float));
    cudaMalloc(&out, 128 * sizeof(float));
    cudaMalloc(&table, 2 * sizeof(float *));
    float *host[2] = {x, x};
    cudaMemcpy(table, host, sizeof host, cudaMemcpyHostToDevice);
    scaleRows<<<2, 64>>>(table, s, out);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(s);
    cudaFree(out);
    cudaFree(table);
    return 0;
}
