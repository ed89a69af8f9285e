//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: __popc(t & 7) is at most 3, so 4t + __popc(t & 7) is distinct per thread.
// Offsets that leave room for each thread's set bits.
__global__ void bitRoom(const int *in, int *out)
{
    __shared__ int s[260];
    int t = threadIdx.x;
    s[4 * t + __popc(t & 7)] = in[t];
    __syncthreads();
    out[t] = s[t];
}
