// expect: drf — the struct's pointers are kernel arguments like any other; each thread writes its own element.
struct Args { const float *in; float *out; int n; };

__global__ void k(Args a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < a.n)
        a.out[i] = 2.0f * a.in[i];
}
