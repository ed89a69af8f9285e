//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: __clz is at most 32, so 33t + __clz(t + 1) is distinct per thread.
// Offsets by the leading zeros of the thread number.
__global__ void zeros(const int *in, int *out)
{
    __shared__ int s[64 * 33];
    int t = threadIdx.x;
    s[33 * t + __clz(t + 1)] = in[t];
    __syncthreads();
    out[t] = s[t];
}
