//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4 --only-intra-group
// expect: racy — threads 2k and 2k+1 of one block write A[k]: a race within the block, which --only-intra-group still reports.
__global__ void k(int *A)
{
    A[blockIdx.x * 32 + threadIdx.x / 2] = threadIdx.x; // 2k and 2k+1 write different values
}
