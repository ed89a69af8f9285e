//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — out: the fact is stated of src[], not of dst[], so dst[] is arbitrary (e.g. dst = {0, 8, 0, 8}) and blocks 0 and 2 both write out[i] = in[...] at i = 0..7.
// Segmented copy, one block per segment: segment s, starting at in[src[s]], goes to out[dst[s] .. dst[s+1]).
#ifndef __MAPKIT__
__device__ inline void __mapkit_nondecreasing(const int *, long) {}
__device__ inline void __mapkit_injective(const int *, long) {}
#endif

__global__ void segmentCopy(const int *src, const int *dst, const float *in, float *out, int nseg)
{
    __mapkit_nondecreasing(src, nseg + 1);   // BUG: the fact that matters is about dst
    int s = blockIdx.x;
    if (s < nseg) {
        int begin = dst[s], end = dst[s + 1];
        int from = src[s];
        for (int i = begin + threadIdx.x; i < end; i += blockDim.x)
            out[i] = in[from + (i - begin)];
    }
}
