// expect: drf — rows[blockIdx.x] is a pointer loaded from memory, only read through; each thread writes its own cell of out.
__global__ void k(const float *const *rows, float *out)
{
    const float *p = rows[blockIdx.x];
    out[blockIdx.x * blockDim.x + threadIdx.x] = p[threadIdx.x];
}
