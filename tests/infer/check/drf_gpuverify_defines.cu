//pass
//--blockDim=64 --gridDim=1 -DN=64 -DT=float
// expect: drf — N and T come from the header line; without them nothing here would compile.
__global__ void k(T *A)
{
    __shared__ T s[N];
    s[threadIdx.x] = A[threadIdx.x];
    __syncthreads();
    if (threadIdx.x < N / 2)
        A[threadIdx.x] = s[threadIdx.x + N / 2];
}
