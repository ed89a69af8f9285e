//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — even threads wait at the barrier in the then-branch and odd threads at a different barrier in the else-branch; each __syncthreads() is reached by only half of the block.
// Even and odd lanes scale differently, each branch with "its own" barrier.
__global__ void evenOddScale(float *data)
{
    __shared__ float s[256];
    unsigned int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;

    if (tid % 2 == 0) {
        s[tid] = 2.0f * data[i];
        __syncthreads();              // BUG: not the same barrier as below
    } else {
        s[tid] = 0.5f * data[i];
        __syncthreads();
    }

    data[i] = s[tid] + 1.0f;
}
