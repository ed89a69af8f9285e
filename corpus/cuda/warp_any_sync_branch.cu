//pass
//--blockDim=64 --gridDim=4
// expect: drf — __any_sync over the full warp is one value in every lane, so the __syncwarp() in the branch is reached by whole warps, and it orders the store of lane t before the load by lane t ^ 31.
// Warps that found a match mirror their flags through shared memory.
#define FULL_MASK 0xffffffffu

__global__ void mirror_if_found(const int *keys, int key, int *flags)
{
    __shared__ int hit[64];
    unsigned int t = threadIdx.x;
    int mine = keys[blockIdx.x * 64 + t] == key;
    if (__any_sync(FULL_MASK, mine)) {
        hit[t] = mine;
        __syncwarp();
        flags[blockIdx.x * 64 + t] = hit[t ^ 31];
    }
}
