// expect: update=racy
// why: the host passes READ | WRITE, a value no enumerator has, so mode == 3 takes the default branch, where every thread writes log[0].
// assumes: mode = 3
// no-host: update=drf
#include <cuda_runtime.h>

enum Access { READ = 1, WRITE = 2 };

__global__ void update(float *data, int *log, Access mode)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    switch (mode) {
    case READ: log[i] = (int)data[i]; break;
    case WRITE: data[i] = 0.0f; break;
    default: log[0] = i; break;
    }
}

int main()
{
    float *data;
    int *log;
    cudaMalloc(&data, 1024 * sizeof(float));
    cudaMalloc(&log, 1024 * sizeof(int));
    update<<<4, 256>>>(data, log, (Access)(READ | WRITE));
    cudaDeviceSynchronize();
    return 0;
}
