// expect: racy — rows[blockIdx.x] is a pointer loaded from memory: two blocks may load the same row and write its cells.
__global__ void k(float **rows, float *out)
{
    float *p = rows[blockIdx.x];
    p[threadIdx.x] = (float)threadIdx.x;
    out[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}
