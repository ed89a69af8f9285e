//pass
//--blockDim=256 --gridDim=64
// expect: drf — rank[] is stated injective over every cell, so within a block the keys land in distinct slot[r], and the barrier separates those writes from the reads slot[threadIdx.x].
// Tile-local scatter by precomputed output ranks, staged in shared memory so the global store is coalesced.
#ifndef __MAPKIT__
__device__ inline void __mapkit_nondecreasing(const int *, long) {}
__device__ inline void __mapkit_injective(const int *, long) {}
#endif
#define TILE 256

__global__ void placeByRank(const int *rank, const int *key, int *out)
{
    __mapkit_injective(rank, -1);
    __shared__ int slot[TILE];
    int base = blockIdx.x * TILE;
    int g = base + threadIdx.x;
    int r = rank[g] - base;            // ranks of this tile lie in [base, base + TILE)
    if (r >= 0 && r < TILE)
        slot[r] = key[g];
    __syncthreads();
    out[g] = slot[threadIdx.x];
}
