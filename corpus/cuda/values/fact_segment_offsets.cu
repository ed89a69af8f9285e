//pass
//--blockDim=256 --gridDim=64
// expect: drf — dst[0..nseg+1) is stated nondecreasing, so the blocks' output ranges [dst[s], dst[s+1]) are disjoint, and inside a block the threads stride by blockDim.x.
// Segmented copy, one block per segment: segment s, starting at in[src[s]], goes to out[dst[s] .. dst[s+1]).
#ifndef __MAPKIT__
__device__ inline void __mapkit_nondecreasing(const int *, long) {}
__device__ inline void __mapkit_injective(const int *, long) {}
#endif

__global__ void segmentCopy(const int *src, const int *dst, const float *in, float *out, int nseg)
{
    __mapkit_nondecreasing(dst, nseg + 1);
    int s = blockIdx.x;
    if (s < nseg) {
        int begin = dst[s], end = dst[s + 1];
        int from = src[s];
        for (int i = begin + threadIdx.x; i < end; i += blockDim.x)
            out[i] = in[from + (i - begin)];
    }
}
