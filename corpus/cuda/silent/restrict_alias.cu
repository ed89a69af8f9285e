//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — a and b are __restrict__ pointers into the same shared array, one cell apart: thread t reads b[t] = s[t + 1] while thread t + 1 writes a[t + 1] = s[t + 1].
// __restrict__-qualified pointers that do alias (the promise is broken).
__global__ void aliased(int *out)
{
    __shared__ int s[64 + 1];
    int *__restrict__ a = s;
    const int *__restrict__ b = s + 1;
    a[threadIdx.x] = threadIdx.x;
    out[threadIdx.x] = b[threadIdx.x];
}
