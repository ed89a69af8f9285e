//pass
//--blockDim=128 --gridDim=8
// expect: drf — the branch tests a __ballot_sync over the full warp, one value in all 32 lanes, so the whole warp reaches the __syncwarp() inside it or none does.
// Pairs of lanes swap their values, but only in warps where some lane holds a positive value.
#define FULL_MASK 0xffffffffu

__global__ void swap_if_any_positive(const int *in, int *out)
{
    __shared__ int s[128];
    unsigned int t = threadIdx.x;
    int x = in[blockIdx.x * 128 + t];
    s[t] = x;
    unsigned int positive = __ballot_sync(FULL_MASK, x > 0);
    if (positive != 0) {
        __syncwarp();
        out[blockIdx.x * 128 + t] = s[t ^ 1];
    }
}
