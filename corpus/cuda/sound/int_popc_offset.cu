//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: threads 3 and 4 both write s[5], with no barrier.
// Offsets that leave room for each thread's set bits.
__global__ void bitRoom(const int *in, int *out)
{
    __shared__ int s[260];
    int t = threadIdx.x;
    s[t + __popc(t & 7)] = in[t]; // BUG: the stride must exceed the popcount's range
    __syncthreads();
    out[t] = s[t];
}
