// expect: update=racy
// why: the host passes a mode read from the command line, any value of the enum's type, so mode may be 3 and take the default branch, where every thread writes log[0].
// assumes: blockDim = (256,1,1)
// no-host: update=drf
#include <cstdlib>
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

int main(int argc, char **argv)
{
    float *data;
    int *log;
    cudaMalloc(&data, 1024 * sizeof(float));
    cudaMalloc(&log, 1024 * sizeof(int));
    Access mode = (Access)atoi(argv[1]);
    update<<<4, 256>>>(data, log, mode);
    cudaDeviceSynchronize();
    return 0;
}
