// expect: unknown — next() has no body: it may write the shared cell it receives by reference.
__device__ void next(int &state);

__global__ void k(int *A)
{
    __shared__ int s[256];
    next(s[0]);
    A[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];
}
