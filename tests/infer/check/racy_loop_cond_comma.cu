// expect: racy — the comma's left operand `s[0]` is read at every test, in the same barrier interval as thread 0's write s[threadIdx.x] at the end of the body.
__global__ void k(int *out, int n)
{
    __shared__ int s[256];
    int total = 0;
    for (int j = 0; total += s[0], j < n; j++) {
        __syncthreads();
        s[threadIdx.x] = j;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = total;
}
