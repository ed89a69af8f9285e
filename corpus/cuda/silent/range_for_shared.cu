//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — the range-based for loop writes every element of s, in every thread (a write-write race on each cell); a front end that does not model range-based for must not call it race-free.
// A range-based for loop over a shared array, through references.
__global__ void fillAll(int *out)
{
    __shared__ int s[16];
    for (int &cell : s)
        cell = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x % 16];
}
