// expect: racy — p = A + blockIdx.x forgets the block size, so neighbouring blocks overlap.
__global__ void k(float *A)
{
    float *p = A + blockIdx.x;
    p[threadIdx.x] = threadIdx.x * 2.0f;
}
