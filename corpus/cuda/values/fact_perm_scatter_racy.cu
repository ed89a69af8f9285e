//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — keysOut: the fact covers only perm[0..n-1), so perm[n-1] may equal perm[0] and threads 0 and n-1 both write keysOut[dst] = keysIn[i] (different keys).
// Final scatter of a radix-sort pass: key/value pair i goes to its sorted position perm[i].
#ifndef __MAPKIT__
__device__ inline void __mapkit_nondecreasing(const int *, long) {}
__device__ inline void __mapkit_injective(const int *, long) {}
#endif

__global__ void scatterPairs(const int *perm, const unsigned *keysIn, const float *valsIn,
                             unsigned *keysOut, float *valsOut, int n)
{
    __mapkit_injective(perm, n - 1);   // BUG: one cell too short
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int dst = perm[i];
        keysOut[dst] = keysIn[i];
        valsOut[dst] = valsIn[i];
    }
}
