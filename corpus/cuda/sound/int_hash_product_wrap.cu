//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: threads 0 and 34 both write s[0] (34 * 2654435761 wraps in 32 bits to a value below 2^26), with no barrier.
// Scatter threads into slots by a Fibonacci hash.
__global__ void hashSlots(const int *in, int *out)
{
    __shared__ int s[2560];
    unsigned h = threadIdx.x * 2654435761u; // BUG: the product wraps, slots collide
    s[h >> 26] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
