#pragma once
/* a row reversal through a shared tile of N values: race-free when each
 * block has N threads */
template <int N>
__global__ void rev(float *x)
{
    __shared__ float t[N];
    t[threadIdx.x % N] = x[blockIdx.x * N + threadIdx.x % N];
    __syncthreads();
    x[blockIdx.x * N + threadIdx.x % N] = t[N - 1 - threadIdx.x % N];
}
