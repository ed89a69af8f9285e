#include "kernels.cuh"

void host_steps(float *x, float *y, int *c);

int main()
{
    float *x, *y;
    int *c;
    cudaMalloc(&x, 4096 * sizeof(float));
    cudaMalloc(&y, 4096 * sizeof(float));
    cudaMalloc(&c, 64 * sizeof(int));
    host_steps(x, y, c);
    bump<<<1, 64>>>(c); /* 64 threads over 32 cells: a race */
    return 0;
}
