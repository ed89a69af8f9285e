// expect: divergent — the second counter is fine, but the bound aEnd depends on threadIdx.x, so threads disagree on how many barriers they reach.
__global__ void k(float *out, const float *A, const float *B, int wA, int wB)
{
    __shared__ float s[256];
    int aBegin = wA * 16 * blockIdx.x, aEnd = aBegin + wA - 1 - threadIdx.x;
    float acc = 0;
    for (int a = aBegin, b = 16 * blockIdx.x; a <= aEnd; a += 16, b += 16 * wB) {
        s[threadIdx.x] = A[a] * B[b];
        __syncthreads();
        acc += s[255 - threadIdx.x];
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
