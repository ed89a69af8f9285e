//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: thread t reads s[4t + 4] while thread t + 1 writes ((float4 *)s)[t + 1] (s[4t+4..4t+7]), with no barrier.
// Vector stores into a scalar tile, then a look at the next element.
__global__ void vecStore(const float4 *in, float *out)
{
    __shared__ float s[260];
    int t = threadIdx.x;
    ((float4 *)s)[t] = in[t];
    out[t] = s[4 * t + 4]; // BUG: the next thread's quad
}
