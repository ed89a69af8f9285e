// Values read from memory are unknowns (local); floats are data.
__global__ void gather(const int *idx, float *A, float *B)
{
    int j = idx[threadIdx.x];
    float f = A[j] * 2.0f;
    B[j + 1] = f;
    if (A[threadIdx.x] > 0.0f)
        B[threadIdx.x] = 1.0f;
}
