//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — the do/while runs twice before its break, writing s[threadIdx.x] and s[threadIdx.x + 1]: thread t's second write meets thread t + 1's first.
// do/while with an early break out of an endless condition.
__global__ void doTwice(int *out)
{
    __shared__ int s[64 + 1];
    int i = 0;
    do {
        s[threadIdx.x + i] = i;
        if (++i > 1)
            break;
    } while (true);
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
