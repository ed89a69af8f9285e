//pass
//--blockDim=64 --gridDim=4
// expect: drf — the precondition makes i distinct for two threads of one block, and s is shared.
__global__ void k(const int *perm, int *out)
{
    __shared__ int s[64];
    int i = perm[threadIdx.x];
    __assume(__implies(__same_group(), __other_int(i) != i));
    __assume(i >= 0 && i < 64);
    s[i] = threadIdx.x;
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x];
}
