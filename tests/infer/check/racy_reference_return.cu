// expect: racy — at() returns a reference to the shared cell s[0]: every thread writes it through `at(s, 0) = ...`.
__device__ int &at(int *s, int i) { return s[i]; }

__global__ void k(int *A)
{
    __shared__ int s[64];
    at(s, 0) = threadIdx.x;
    A[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
