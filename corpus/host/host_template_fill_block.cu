// expect: fill_block=drf
// why: the launch sits in a host function template, whose block size is its own parameter, read from its one instantiation run_fill<float, 256> (the launch reported at that call); the grid is the literal 1, so no second block writes out[threadIdx.x].
// assumes: gridDim = (1,1,1) from the launch at
// no-host: fill_block=racy
#include <cuda_runtime.h>

template <class T>
__global__ void fill_block(T *out, T value)
{
    out[threadIdx.x] = value + (T)threadIdx.x;
}

template <class T, int THREADS>
void run_fill(T *out, T value)
{
    fill_block<T><<<1, THREADS>>>(out, value);
}

int main()
{
    float *out;
    cudaMalloc(&out, 256 * sizeof(float));
    run_fill<float, 256>(out, 1.0f);
    cudaDeviceSynchronize();
    cudaFree(out);
    return 0;
}
