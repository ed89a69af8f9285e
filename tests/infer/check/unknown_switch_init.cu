// expect: unknown — libclang does not show the init statement of `switch (init; x)`, where every thread writes s[0]: not followed, so opaque.
__global__ void k(int *A)
{
    __shared__ int s[4];
    switch (int y = (s[0] = threadIdx.x); y & 1) {
    default:
        A[blockIdx.x * blockDim.x + threadIdx.x] = y;
    }
}
