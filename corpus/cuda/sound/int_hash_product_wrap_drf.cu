//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: without wrap, (t * 2654435761) >> 26 is strictly increasing in t, so every slot is distinct.
// Scatter threads into slots by a Fibonacci hash taken in 64 bits.
__global__ void hashSlots(const int *in, int *out)
{
    __shared__ int s[2560];
    unsigned long long h = threadIdx.x * 2654435761ull;
    s[h >> 26] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
