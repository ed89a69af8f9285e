//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — every thread but 0 writes s[threadIdx.x - 1] in the [[likely]] branch, while thread t - 1 reads s[t - 1] with no barrier between.
// A branch marked [[likely]]: the attribute is a hint, the statement under it is the branch.
__global__ void shiftLeft(int *out)
{
    __shared__ int s[64];
    int mine = threadIdx.x * 3;
    if (threadIdx.x > 0) [[likely]] {
        s[threadIdx.x - 1] = mine;
    }
    out[threadIdx.x] = s[threadIdx.x];
}
