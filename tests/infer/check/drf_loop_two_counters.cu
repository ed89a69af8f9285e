// expect: drf — the header steps a and b together; b = bBegin + t * bStep is the same in every thread of a block, so the barriers in the loop are uniform and each thread writes only its own s[tid].
__global__ void k(float *out, const float *A, const float *B, int wA, int wB)
{
    __shared__ float s[256];
    int aBegin = wA * 16 * blockIdx.x, aEnd = aBegin + wA - 1;
    float acc = 0;
    for (int a = aBegin, b = 16 * blockIdx.x; a <= aEnd; a += 16, b += 16 * wB) {
        s[threadIdx.x] = A[a + threadIdx.x % 16] * B[b + threadIdx.x % 16];
        __syncthreads();
        acc += s[255 - threadIdx.x];
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
