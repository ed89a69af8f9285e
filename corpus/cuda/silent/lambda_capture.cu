//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — the lambda writes s[i] through its by-reference capture, and it is called with threadIdx.x / 2, so threads 2k and 2k + 1 write s[k] (a race); a front end that does not follow lambdas must not call it race-free.
// A lambda inside a kernel, capturing a shared array by reference.
__global__ void withLambda(int *out)
{
    __shared__ int s[64];
    auto put = [&](int i) { s[i] = threadIdx.x; };
    put(threadIdx.x / 2);
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
