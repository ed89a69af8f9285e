//pass
//--blockDim=256 --gridDim=4
// expect: drf — every thread of the block breaks in the same iteration (n and the loop variable are uniform).
__global__ void k(int *A, int n)
{
    __shared__ int s[256];
    for (int i = 0; i < n; i++) {
        if (n > 5 && i == 3)
            break;
        s[threadIdx.x % 256] = i;
        __syncthreads();
        A[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 1) % 256];
        __syncthreads();
    }
}
