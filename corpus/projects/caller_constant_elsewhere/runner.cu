#include "runner.cuh"

// Each thread owns one of 64 cells: more than 64 threads collide.
__global__ void own(int *p)
{
    p[threadIdx.x % 64] = threadIdx.x;
}

void run(int n, int *p)
{
    own<<<1, n>>>(p);
}

// This file's only call passes 64; main.cu's passes 128.
void warm_up(int *p)
{
    run(64, p);
}
