//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: threads 0 and 1 both write s[31] (0 + 31 and 1 + 30), with no barrier.
// Offsets by the leading zeros of the thread number.
__global__ void zeros(const int *in, int *out)
{
    __shared__ int s[64 * 33];
    int t = threadIdx.x;
    s[t + __clz(t + 1)] = in[t]; // BUG: the stride must exceed __clz's range
    __syncthreads();
    out[t] = s[t];
}
