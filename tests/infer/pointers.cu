// Pointer arithmetic and aliases: p[i] with p = A + k is A[k + i].
__global__ void alias(float *A, int stride)
{
    float *row = A + blockIdx.x * stride;
    row[threadIdx.x] = 0.0f;
    float *p = &row[1];
    *p = 1.0f;
    *(p + threadIdx.x) = 2.0f;
    p++;
    p[0] = 3.0f;
}
