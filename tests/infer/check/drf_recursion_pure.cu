// expect: drf — fact() recurses, but it touches no memory: only its value is unknown, and it is not an index.
__device__ int fact(int x) { return x <= 1 ? 1 : x * fact(x - 1); }

__global__ void k(int *A)
{
    A[blockIdx.x * blockDim.x + threadIdx.x] = fact(threadIdx.x % 8);
}
