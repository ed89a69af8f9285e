//pass
//--blockDim=256 --gridDim=64
// expect: drf — perm[0..n) is stated injective, so the threads i < n write keysOut[perm[i]] and valsOut[perm[i]] at pairwise distinct cells.
// Final scatter of a radix-sort pass: key/value pair i goes to its sorted position perm[i].
#ifndef __MAPKIT__
__device__ inline void __mapkit_nondecreasing(const int *, long) {}
__device__ inline void __mapkit_injective(const int *, long) {}
#endif

__global__ void scatterPairs(const int *perm, const unsigned *keysIn, const float *valsIn,
                             unsigned *keysOut, float *valsOut, int n)
{
    __mapkit_injective(perm, n);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int dst = perm[i];
        keysOut[dst] = keysIn[i];
        valsOut[dst] = valsIn[i];
    }
}
