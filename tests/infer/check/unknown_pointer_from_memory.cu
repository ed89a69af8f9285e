// expect: unknown — rows[blockIdx.x] is a pointer loaded from memory: where p[threadIdx.x] writes is not known.
__global__ void k(float **rows, float *out)
{
    float *p = rows[blockIdx.x];
    p[threadIdx.x] = 0.0f;
    out[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}
