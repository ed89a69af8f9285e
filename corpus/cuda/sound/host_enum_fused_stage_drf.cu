//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: with st = LOAD the barrier separates the write of s[t] from the reads.
#include <cuda_runtime.h>

// A stage mask: LOAD fills the tile, STORE writes it out reversed.
enum Stage { LOAD = 1, STORE = 2 };

__global__ void stage(const float *in, float *out, Stage st)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    if (st == LOAD) {
        s[t] = in[t];
        __syncthreads();
        out[t] = s[t];
    } else if (st == STORE) {
        s[t] = out[t];
        __syncthreads();
        out[64 + t] = s[63 - t];
    } else { // LOAD | STORE, fused: the barrier was forgotten
        s[t] = in[t];
        out[64 + t] = s[63 - t];
    }
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 1024 * sizeof(float));
    cudaMalloc(&y, 1024 * sizeof(float));
    stage<<<1, 64>>>(x, y, LOAD);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
