// expect: drf — every thread writes the same literal 1 to flag[0]: a benign write-write race, reported as a note (--strict-writes makes it a race).
__global__ void k(int *out)
{
    __shared__ int flag[1];
    flag[0] = 1;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = flag[0];
}
