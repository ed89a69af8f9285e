// Kernels of the project, built with -DTILE=... from its build system
// (compile_commands.json one folder up).
#pragma once

#ifndef TILE
#error "TILE comes from the build: -DTILE=128"
#endif

__global__ void shift_tiles(float *out, const float *in)
{
    __shared__ float s[TILE];
    s[threadIdx.x] = in[blockIdx.x * TILE + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * TILE + threadIdx.x] = s[TILE - 1 - threadIdx.x];
}
