// expect: shiftArgs=drf
// why: the member a.out is set through a pointer to a (`pa->out = x`), which the front end does not follow: a.in and a.out are assumed distinct, and the verdict prints that assumption.
// assumes: no alias: the pointer members a.in, a.out of struct parameters
// no-host: shiftArgs=racy
#include <cuda_runtime.h>

struct Args {
    const float *in;
    float *out;
};

__global__ void shiftArgs(Args a)
{
    int i = threadIdx.x;
    a.out[i] = a.in[i + 1];
}

int main()
{
    float *x;
    cudaMalloc(&x, 1024 * sizeof(float));
    Args a = {x, 0};
    Args *pa = &a;
    pa->out = x;
    shiftArgs<<<1, 64>>>(a);
    cudaDeviceSynchronize();
    cudaFree(x);
    return 0;
}
