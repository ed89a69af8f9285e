// expect: racy — every block writes out[threadIdx.x]: through the struct's pointer, blocks 0 and 1 collide.
struct Args { const float *in; float *out; };

__global__ void k(Args a)
{
    a.out[threadIdx.x] = a.in[blockIdx.x * blockDim.x + threadIdx.x];
}
