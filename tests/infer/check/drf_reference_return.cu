// expect: drf — at() returns a reference to the thread's own cell: the write, the increment and the read after the barrier are all followed through it.
__device__ int &at(int *s, int i) { return s[i]; }

__global__ void k(int *A)
{
    __shared__ int s[64];
    at(s, threadIdx.x) = 1;
    at(s, threadIdx.x)++;
    __syncthreads();
    A[blockIdx.x * blockDim.x + threadIdx.x] = at(s, (threadIdx.x + 1) % 64);
}
