#include "config.h"

__global__ void shuffle64(float *x);

int main()
{
    float *x;
    cudaMalloc(&x, 1024 * BLOCK * sizeof(float));
    shuffle64<<<1024, BLOCK>>>(x);
    return 0;
}
