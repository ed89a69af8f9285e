//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: s[4t + 3] lies in thread t's own quad.
// Vector stores into a scalar tile, then a look at the last element.
__global__ void vecStore(const float4 *in, float *out)
{
    __shared__ float s[260];
    int t = threadIdx.x;
    ((float4 *)s)[t] = in[t];
    out[t] = s[4 * t + 3]; // the last float of the thread's own quad
}
