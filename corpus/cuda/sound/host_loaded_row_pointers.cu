//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — rows: the host stores the same row x in both cells of the table, so block 0 and block 1 both write x[t] through rows[0] and rows[1].
#include <cuda_runtime.h>

// Each block scales one row, reached through a table of row pointers.
__global__ void scaleRows(float *const *rows, const float *scale)
{
    float *row = rows[blockIdx.x];
    row[threadIdx.x] *= scale[blockIdx.x];
}

int main()
{
    float *x, *y, *s;
    float **table;
    cudaMalloc(&x, 64 * sizeof(float));
    cudaMalloc(&y, 64 * sizeof(float));
    cudaMalloc(&s, 2 * sizeof(float));
    cudaMalloc(&table, 2 * sizeof(float *));
    float *host[2] = {x, x}; // BUG: y was meant for the second row
    cudaMemcpy(table, host, sizeof host, cudaMemcpyHostToDevice);
    scaleRows<<<2, 64>>>(table, s);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    cudaFree(s);
    cudaFree(table);
    return 0;
}
