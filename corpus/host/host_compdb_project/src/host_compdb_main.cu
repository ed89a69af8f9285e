// expect: shift_tiles=drf
// why: TILE and the include path come from compile_commands.json (-DTILE=128 -Iinclude); the launch uses TILE threads per block, the size the kernel's tile and offsets use.
// assumes: blockDim = (128,1,1)
// no-host: shift_tiles=drf
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#include "host_compdb_tiles.cuh"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 16;
    float *out, *in;
    cudaMalloc(&out, n * sizeof(float));
    cudaMalloc(&in, n * sizeof(float));
    shift_tiles<<<n / TILE, TILE>>>(out, in);
    cudaDeviceSynchronize();
    cudaFree(out);
    cudaFree(in);
    return 0;
}
