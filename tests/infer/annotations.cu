//pass
//--blockDim=[32,2] --gridDim=4
// GPUVerify's header gives the launch; __requires and assert are assumptions.
__global__ void annotated(int *A, int n, int k)
{
    __requires(n > 0);
    __requires(__other_int(k) == k);
    assert(threadIdx.x < 32);
    A[threadIdx.y * 32 + threadIdx.x + n] = k;
}
