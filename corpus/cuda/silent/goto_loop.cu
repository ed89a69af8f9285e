//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: unknown — the backward goto makes a loop over i = 0, 1 that writes s[threadIdx.x + i]: thread t's second write meets thread t + 1's first; a front end that does not follow goto must not call it race-free.
// A loop written with a label and a backward goto.
__global__ void gotoLoop(int *out)
{
    __shared__ int s[64 + 1];
    int i = 0;
again:
    s[threadIdx.x + i] = i;
    if (++i < 2)
        goto again;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
