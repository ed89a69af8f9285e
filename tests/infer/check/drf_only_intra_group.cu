//pass
//--blockDim=64 --gridDim=4 --only-intra-group
// expect: drf — every block writes A[threadIdx.x], but the header's --only-intra-group (GPUVerify's) asks about races within a block only.
__global__ void k(int *A)
{
    A[threadIdx.x] = blockIdx.x;
}
