//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — slot: with no fact stated, two threads of a block may load the same rank and both write slot[r] = key[g] (different keys) before the barrier.
// Tile-local scatter by precomputed output ranks, staged in shared memory so the global store is coalesced.
#ifndef __MAPKIT__
__device__ inline void __mapkit_nondecreasing(const int *, long) {}
__device__ inline void __mapkit_injective(const int *, long) {}
#endif
#define TILE 256

__global__ void placeByRank(const int *rank, const int *key, int *out)
{
    __shared__ int slot[TILE];
    int base = blockIdx.x * TILE;
    int g = base + threadIdx.x;
    int r = rank[g] - base;            // ranks of this tile lie in [base, base + TILE)
    if (r >= 0 && r < TILE)
        slot[r] = key[g];
    __syncthreads();
    out[g] = slot[threadIdx.x];
}
